import { messages, notificationPeriods } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { periodForm } from '../period';

const periodLabel = (days: number) => `${days} ${days === 1 ? 'dia' : 'dias'} antes do vencimento`;

type Props = {
  /** The period this browser saved, if any. */
  saved?: number;
  disabled?: boolean;
  saving?: boolean;
  onSave?: (invoiceRange: number) => void;
};

/** spec §5 notification period: 15, 10, 5 or 1 days before the due date, else 'Por favor, selecione um período'. */
export function PeriodForm({ saved, disabled = false, saving = false, onSave }: Props) {
  const labelId = useId();
  const helperId = useId();
  const form = useForm({
    resolver: zodResolver(periodForm),
    defaultValues: { invoiceRange: saved === undefined ? '' : String(saved) },
  });
  const error = form.formState.errors.invoiceRange;

  // A config read after the form showed (a reload, another tab saved) becomes the form's value.
  useEffect(() => {
    form.reset({ invoiceRange: saved === undefined ? '' : String(saved) });
  }, [saved, form]);

  const onSubmit = form.handleSubmit(({ invoiceRange }) => onSave?.(invoiceRange));

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-labelledby={labelId}>
      <FormControl error={Boolean(error)} disabled={disabled}>
        <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          Quando você quer ser lembrado?
        </FormLabel>
        <Controller
          control={form.control}
          name="invoiceRange"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby={labelId}
              aria-describedby={helperId}
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              ref={field.ref}
            >
              {notificationPeriods.map((days) => (
                <FormControlLabel
                  key={days}
                  value={String(days)}
                  control={<Radio />}
                  label={periodLabel(days)}
                />
              ))}
            </RadioGroup>
          )}
        />
        <FormHelperText id={helperId}>
          {error
            ? (error.message ?? messages.notificationPeriodRequired)
            : 'Você recebe um aviso por fatura.'}
        </FormHelperText>
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={disabled}
        loading={saving}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        Salvar
      </Button>
    </Stack>
  );
}
