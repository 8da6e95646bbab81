import { maskCpfOrCnpj } from '@central/domain';
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
