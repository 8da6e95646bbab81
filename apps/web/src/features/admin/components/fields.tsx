import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from '@/shared/components/form-text-field';
import { PasswordField } from '@/shared/components/password-field';

type Base<T extends FieldValues, Out> = {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
};

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: the browser's picker and the hex text side by side, the text being what is sent. */
export function ColorField<T extends FieldValues, Out = T>({
  control,
  name,
  label,
  required,
}: Base<T, Out> & { required?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = String(field.value ?? '');
        return (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box
              component="input"
              type="color"
              aria-label={`Escolher ${label.toLowerCase()}`}
              value={HEX.test(value) ? value.toLowerCase() : '#ffffff'}
              onChange={(event) => field.onChange((event.target as HTMLInputElement).value.toUpperCase())}
              sx={{
                flexShrink: 0,
                width: 56,
                height: 56,
                p: 0.5,
                border: 1,
                borderColor: fieldState.invalid ? 'error.main' : 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
                cursor: 'pointer',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            />
            <TextField
              id={`field-${name}`}
              label={label}
              required={required}
              placeholder="#RRGGBB"
              name={field.name}
              value={value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.invalid}
              helperText={fieldState.error?.message ?? 'Hexadecimal, ex.: #0B5CAD'}
              slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, autoCapitalize: 'none' } }}
            />
          </Box>
        );
      }}
    />
  );
}

/**
 * A write-only secret (spec: tokens and keys are never shown again). When one is stored the field shows
 * '••••••••' and `storedHint` ('Deixe em branco para manter'); a new value replaces it.
 */
export function SecretField<T extends FieldValues, Out = T>({
  control,
  name,
  label,
  stored,
  required,
  multiline,
  helperText,
  storedHint = 'Deixe em branco para manter',
}: Base<T, Out> & {
  stored: boolean;
  required?: boolean;
  multiline?: boolean;
  helperText?: string;
  storedHint?: string;
}) {
  const hint = stored ? storedHint : helperText;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = {
          id: `field-${name}`,
          label,
          required,
          name: field.name,
          value: field.value ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: fieldState.invalid,
          helperText: fieldState.error?.message ?? hint,
          placeholder: stored ? '••••••••' : undefined,
          autoComplete: 'off',
        };
        return multiline ? (
          <TextField
            {...common}
            multiline
            minRows={3}
            maxRows={10}
            slotProps={{
              inputLabel: stored ? { shrink: true } : undefined,
              htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
            }}
          />
        ) : (
          <PasswordField
            {...common}
            what={label.toLowerCase()}
            autoComplete="new-password"
            slotProps={{
              inputLabel: stored ? { shrink: true } : undefined,
              htmlInput: { 'aria-required': Boolean(required), spellCheck: false },
            }}
          />
        );
      }}
    />
  );
}

/** A URL of an image, with a small preview once it is a valid address. */
export function ImageUrlField<T extends FieldValues, Out = T>(props: FormTextFieldProps<T, Out>) {
  const url = String(useWatch({ control: props.control, name: props.name }) ?? '').trim();
  // An http(s) address, or a path of the portal's own files ('/brand/...').
  const valid = (/^https?:\/\//i.test(url) && URL.canParse(url)) || /^\/(?!\/)\S+$/.test(url);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <FormTextField type="url" placeholder="https://" {...props} />
      </Box>
      <Box
        aria-hidden
        sx={{
          flexShrink: 0,
          width: 56,
          height: 56,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'common.white',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
        }}
      >
        {valid && (
          <Box component="img" src={url} alt="" sx={{ maxWidth: 48, maxHeight: 48, objectFit: 'contain' }} />
        )}
      </Box>
    </Box>
  );
}

/** An on/off setting with a line saying what it does. */
export function SwitchField<T extends FieldValues, Out = T>({
  control,
  name,
  label,
  helperText,
}: Base<T, Out> & { helperText?: string }) {
  const helperId = `field-${name}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            label={label}
            control={
              <Switch
                id={`field-${name}`}
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                slotProps={{ input: { 'aria-describedby': helperText ? helperId : undefined } }}
              />
            }
          />
          {helperText && (
            <FormHelperText id={helperId} sx={{ mt: -0.5, ml: 6 }}>
              {helperText}
            </FormHelperText>
          )}
        </Box>
      )}
    />
  );
}
