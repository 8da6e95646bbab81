import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '@/shared/clipboard';
import { COPY_CONFIRMATION_MS, useSnackbar } from '@/shared/snackbar';

type Props = Omit<ButtonProps, 'onClick' | 'children'> & {
  text: string;
  label: string;
  /** The confirmation shown for 2 s (spec §9), e.g. 'Código PIX copiado!'. */
  confirmation: string;
};

/** Copies `text` to the clipboard; the icon turns into a tick and a snackbar confirms for 2 s. */
export function CopyButton({ text, label, confirmation, ...props }: Props) {
  const snackbar = useSnackbar();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    try {
      await copyText(text);
    } catch {
      snackbar.error('Não foi possível copiar. Selecione o código e copie manualmente.');
      return;
    }
    snackbar.copied(confirmation);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Button
      variant="contained"
      startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
      onClick={onClick}
      {...props}
    >
      {label}
    </Button>
  );
}
