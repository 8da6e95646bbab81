import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref, useId } from 'react';

export type TextInputProps = {
  id?: string;
  name?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  value?: unknown;
  defaultValue?: unknown;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onFocus?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  sx?: SxProps<Theme>;
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: InputBaseComponentProps;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
};

/**
 * MUI's outlined TextField without its `select` mode, put together as TextField does it (FormControl,
 * InputLabel, OutlinedInput, FormHelperText) and taking the theme's TextField defaults: TextField always
 * brings Select, Menu, Popover and Modal with it, about 10 KB gzipped that the sign-in page has no use for.
 */
export function TextInput(inProps: TextInputProps) {
  const props = useDefaultProps({ props: inProps, name: 'MuiTextField' });
  const {
    id: idProp,
    label,
    helperText,
    error = false,
    required = false,
    disabled = false,
    fullWidth = false,
    size,
    className,
    sx,
    slotProps = {},
    ...input
  } = props;
  const generated = useId();
  const id = idProp ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const labelId = label ? `${id}-label` : undefined;
  return (
    <FormControl
      className={className}
      sx={sx}
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={labelId} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={helperTextId}
        notched={slotProps.inputLabel?.shrink}
        inputProps={slotProps.htmlInput}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
