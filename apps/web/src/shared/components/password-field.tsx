import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** What the show/hide button reveals, for its accessible name: 'Mostrar {what}' / 'Ocultar {what}'. */
  what?: string;
};

/** A password input with a show/hide button; the button's name says which field it reveals. */
export function PasswordField({ what = 'senha', slotProps, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { 'aria-required': true, ...slotProps?.htmlInput },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={`${visible ? 'Ocultar' : 'Mostrar'} ${what}`}
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
