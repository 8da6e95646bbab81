import type { IdLabel } from '@central/domain';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { isSessionLost } from '@/shared/back-office';

/** An IXC record id: digits, no leading zero (the contract's `ixcIdSchema`). */
const IXC_ID = /^[1-9]\d{0,9}$/;

export type IdListTexts = {
  /** e.g. 'ID do assunto inválido'. */
  invalid: string;
  /** e.g. 'Assunto já adicionado'. */
  duplicate: string;
  /** e.g. 'Assunto 12 não encontrado no IXC'. */
  notFound: (id: string) => string;
  /** The look-up could not be made: the id is added without its name. */
  lookupFailed: (id: string) => string;
};

type Props = {
  id: string;
  label: string;
  helperText?: string;
  value: IdLabel[];
  onChange: (value: IdLabel[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The form's own rule on the list (e.g. 'Adicione ao menos um produto'). */
  error?: string;
  texts: IdListTexts;
  /** Finds the id's name in the provider's IXC; `null` when it is not there. Without it, ids go in bare. */
  lookup?: (id: string) => Promise<IdLabel | null>;
};

export const idLabelText = (item: IdLabel) => (item.content ? `${item.id} - ${item.content}` : item.id);

/**
 * spec §5: ids typed one at a time (digits only, Enter adds), duplicates refused, each looked up in the
 * provider's IXC and shown as 'id - content'; one the ERP does not know is not added and a warning says so.
 */
export function IdListField({
  id,
  label,
  helperText,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  texts,
  lookup,
}: Props) {
  const [typed, setTyped] = useState('');
  const [entryError, setEntryError] = useState<string>();
  const [warning, setWarning] = useState<string>();
  const [looking, setLooking] = useState(false);

  const add = async () => {
    const candidate = typed.trim();
    setWarning(undefined);
    if (!candidate) return;
    if (!IXC_ID.test(candidate)) return setEntryError(texts.invalid);
    if (value.some((item) => item.id === candidate)) return setEntryError(texts.duplicate);
    setEntryError(undefined);
    if (!lookup) {
      onChange([...value, { id: candidate, content: '' }]);
      setTyped('');
      return;
    }
    setLooking(true);
    try {
      const found = await lookup(candidate);
      if (found) {
        onChange([...value, { id: candidate, content: found.content }]);
        setTyped('');
      } else {
        setWarning(texts.notFound(candidate));
      }
    } catch (lookupError) {
      if (isSessionLost(lookupError)) return;
      onChange([...value, { id: candidate, content: '' }]);
      setTyped('');
      setWarning(texts.lookupFailed(candidate));
    } finally {
      setLooking(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the id; it must not send the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!looking) void add();
    }
  };

  const shownError = entryError ?? error;
  return (
    <Box>
      <TextField
        id={id}
        label={label}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setEntryError(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        inputRef={inputRef}
        error={Boolean(shownError)}
        helperText={shownError ?? helperText ?? 'Digite o ID e tecle Enter para adicionar.'}
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-busy': looking },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={`Adicionar ${label.toLowerCase()}`}
                  onClick={() => void add()}
                  loading={looking}
                >
                  <AddIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {warning && (
        <Alert severity="warning" onClose={() => setWarning(undefined)} sx={{ mt: 1 }}>
          {warning}
        </Alert>
      )}
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label={`${label} adicionados`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
        >
          {value.map((item) => (
            <Box component="li" key={item.id} sx={{ maxWidth: '100%' }}>
              <Chip
                label={idLabelText(item)}
                onDelete={() => onChange(value.filter((other) => other.id !== item.id))}
                sx={{ maxWidth: '100%' }}
                deleteIcon={<CancelIcon titleAccess={`Remover ${idLabelText(item)}`} />}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** An IdListField bound to a react-hook-form list of ids; the form's rule on the list shows as its error. */
export function FormIdListField<T extends FieldValues, Out = T>({
  control,
  name,
  ...props
}: Pick<Props, 'label' | 'helperText' | 'texts' | 'lookup'> & {
  control: Control<T, unknown, Out>;
  name: FieldPathByValue<T, IdLabel[]>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <IdListField
          {...props}
          id={`field-${name}`}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message ?? fieldState.error?.root?.message}
        />
      )}
    />
  );
}
