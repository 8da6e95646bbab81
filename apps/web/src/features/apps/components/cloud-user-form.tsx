import {
  CLOUD_PASSWORD_MAX,
  CLOUD_PASSWORD_MIN,
  type CloudUserForm,
  cloudUserFormSchema,
} from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '@/shared/components/form-text-field';
import { PasswordField } from '@/shared/components/password-field';

export type CloudUserFormValues = { name: string; email: string; password: string; quota: string };

type Props = {
  mode: 'create' | 'edit';
  /** What the group may still give this user, in GB (spec §5: 'Quota excede o limite' beyond it). */
  availableGb: number | null;
  defaultValues: CloudUserFormValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: CloudUserForm) => void;
  /** More buttons next to the submit one (Remover). */
  actions?: ReactNode;
};

/** spec §2.2 /user and /user/edit, §5 Cloud user: name, e-mail, password (kept when empty on edit), quota. */
export function CloudUserFormFields({
  mode,
  availableGb,
  defaultValues,
  submitLabel,
  submitting,
  onSubmit,
  actions,
}: Props) {
  const form = useForm({ resolver: zodResolver(cloudUserFormSchema({ mode, availableGb })), defaultValues });
  const passwordHelp =
    mode === 'edit'
      ? 'Deixe em branco para manter a senha atual.'
      : `De ${CLOUD_PASSWORD_MIN} a ${CLOUD_PASSWORD_MAX} caracteres.`;

  return (
    <Stack component="form" noValidate onSubmit={form.handleSubmit(onSubmit)} spacing={2.5}>
      <FormTextField
        control={form.control}
        name="name"
        id="cloud-user-name"
        label="Nome"
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-required': true, maxLength: 64 } }}
      />
      <FormTextField
        control={form.control}
        name="email"
        id="cloud-user-email"
        label="E-mail"
        type="email"
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-required': true, maxLength: 200 } }}
      />
      <Controller
        control={form.control}
        name="password"
        render={({ field, fieldState }) => (
          <PasswordField
            id="cloud-user-password"
            label="Senha"
            what="a senha do usuário"
            autoComplete="new-password"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            placeholder={mode === 'edit' ? '••••••••••' : undefined}
            error={fieldState.invalid}
            helperText={fieldState.error?.message ?? passwordHelp}
            slotProps={{ htmlInput: { 'aria-required': mode === 'create' } }}
          />
        )}
      />
      <FormTextField
        control={form.control}
        name="quota"
        id="cloud-user-quota"
        label="Quota (GB)"
        type="number"
        helperText={availableGb === null ? undefined : `Disponível: ${availableGb} GB`}
        slotProps={{ htmlInput: { 'aria-required': true, inputMode: 'numeric', min: 1, step: 1 } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={submitting}
          sx={{ flexGrow: { xs: 1, sm: 0 } }}
        >
          {submitLabel}
        </Button>
        {actions}
      </Box>
    </Stack>
  );
}
