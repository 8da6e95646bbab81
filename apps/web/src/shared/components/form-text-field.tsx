import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, Out = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  /** The form's control; `Out` is what its resolver makes of the values. */
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
};

/** A text field of a react-hook-form form: the rule's message replaces the helper text when it fails. */
export function FormTextField<T extends FieldValues, Out = T>({
  control,
  name,
  helperText,
  id,
  ...props
}: FormTextFieldProps<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={id ?? `field-${name}`}
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
