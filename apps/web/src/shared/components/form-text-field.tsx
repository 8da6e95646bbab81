// The fields bound to react-hook-form, apart from the plain ones: a page without a form library (the
// sign-in, the first screen) imports those without pulling react-hook-form into its chunks.
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { CpfCnpjField } from './cpf-cnpj-field';
import { MaskedTextField, type MaskedTextFieldProps } from './masked-text-field';

/**
 * What every bound field takes from its Controller: the value and handlers, and the rule's message in
 * place of the helper text when it fails.
 */
function bound<T extends FieldValues>(
  { field, fieldState }: { field: ControllerRenderProps<T>; fieldState: ControllerFieldState },
  helperText?: ReactNode,
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: fieldState.invalid,
    helperText: fieldState.error?.message ?? helperText,
  };
}

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
      render={(state) => <TextField {...props} id={id ?? `field-${name}`} {...bound(state, helperText)} />}
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
      render={(state) => <MaskedTextField {...props} {...bound(state, helperText)} />}
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
      render={(state) => <CpfCnpjField id={name} autoFocus {...bound(state)} />}
    />
  );
}
