import { maskCpfOrCnpj } from '@central/domain';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { MaskedTextField, type MaskedTextFieldProps } from '@/shared/components/masked-text-field';

/** spec §5: the CPF/CNPJ field of sign-in and recovery, masked as the digits are typed. */
export function CpfCnpjField({ slotProps, ...props }: Omit<MaskedTextFieldProps, 'mask' | 'label'>) {
  return (
    <MaskedTextField
      label="CPF/CNPJ"
      mask={maskCpfOrCnpj}
      autoComplete="username"
      {...props}
      slotProps={{ ...slotProps, htmlInput: { 'aria-required': true, ...slotProps?.htmlInput } }}
    />
  );
}

/** The CPF/CNPJ field bound to a react-hook-form field, with its validation message under it. */
export function FormCpfCnpjField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <CpfCnpjField
          id={name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          inputRef={field.ref}
          autoFocus
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
