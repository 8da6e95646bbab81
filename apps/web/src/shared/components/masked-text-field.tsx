import type { ChangeEvent } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextInput, type TextInputProps } from './text-input';

export type MaskedTextFieldProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** A progressive mask over digits (e.g. `maskCpfOrCnpj`): the caret stays after the same digit. */
  mask: (value: string) => string;
};

const countDigits = (text: string) => text.replace(/\D/g, '').length;

function caretAfterDigits(masked: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked.charAt(i)) && ++seen === digits) return i + 1;
  }
  return masked.length;
}

export function MaskedTextField({ mask, value, onChange, slotProps, ...props }: MaskedTextFieldProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = event.target;
    const typed = input.value;
    const caret = input.selectionStart ?? typed.length;
    const masked = mask(typed);
    onChange(masked);
    if (caret < typed.length) {
      const position = caretAfterDigits(masked, countDigits(typed.slice(0, caret)));
      requestAnimationFrame(() => {
        if (document.activeElement === input) input.setSelectionRange(position, position);
      });
    }
  };

  return (
    <TextInput
      {...props}
      value={value}
      onChange={handleChange}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'numeric', ...slotProps?.htmlInput } }}
    />
  );
}

export type FormMaskedTextFieldProps<T extends FieldValues, Out = T> = Omit<
  MaskedTextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  /** The form's control; `Out` is what its resolver makes of the values. */
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
};

/** A masked field of a react-hook-form form: the rule's message replaces the helper text when it fails. */
export function FormMaskedTextField<T extends FieldValues, Out = T>({
  control,
  name,
  helperText,
  ...props
}: FormMaskedTextFieldProps<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MaskedTextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
