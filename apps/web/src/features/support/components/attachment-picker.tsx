import { formatBytes, messages, SUPPORT_ATTACHMENT_LIMITS } from '@central/domain';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';

const ACCEPT = SUPPORT_ATTACHMENT_LIMITS.types.join(',');
const allowed: readonly string[] = SUPPORT_ATTACHMENT_LIMITS.types;

/**
 * The files chosen for a request or a message (issue 15): up to 3 images or PDFs of 5 MB each. The
 * browser's type is only a first check; the API judges each file by its content.
 */
export function AttachmentPicker({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [error, setError] = useState<string | null>(null);

  const add = (chosen: FileList | null) => {
    const next = [...files, ...Array.from(chosen ?? [])];
    if (input.current) input.current.value = '';
    if (next.length > SUPPORT_ATTACHMENT_LIMITS.files) return setError(messages.attachmentTooMany);
    if (next.some((f) => f.size > SUPPORT_ATTACHMENT_LIMITS.bytes))
      return setError(messages.attachmentTooLarge);
    if (next.some((f) => !allowed.includes(f.type))) return setError(messages.attachmentInvalid);
    setError(null);
    onChange(next);
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => add(event.target.files)}
      />
      <Button
        variant="outlined"
        startIcon={<AttachFileOutlined />}
        onClick={() => input.current?.click()}
        disabled={disabled || files.length >= SUPPORT_ATTACHMENT_LIMITS.files}
        aria-describedby={helpId}
      >
        Anexar arquivos
      </Button>
      {files.length > 0 && (
        <Box
          component="ul"
          aria-label="Arquivos anexados"
          sx={{ p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}
        >
          {files.map((file, index) => (
            <Box
              component="li"
              key={`${file.name}-${file.size}-${file.lastModified}`}
              sx={{
                listStyle: 'none',
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                pl: 1.5,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  · {formatBytes(file.size)}
                </Typography>
              </Typography>
              <IconButton
                aria-label={`Remover ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                disabled={disabled}
              >
                <CloseRounded />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <FormHelperText id={helpId} error={error !== null} role={error ? 'alert' : undefined}>
        {error ?? 'Até 3 imagens (JPG, PNG ou WebP) ou PDFs, de até 5 MB cada.'}
      </FormHelperText>
    </Box>
  );
}
