import type { InvoiceType } from '@central/domain';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { invoiceTypeColors, invoiceTypeLabels } from '../format';

/** 'Vencida' (error), 'Parcial' and 'A vencer' (info), 'Paga' (success): spec §4. */
export function InvoiceStatusChip({
  type,
  size = 'small',
}: {
  type: InvoiceType;
  size?: 'small' | 'medium';
}) {
  const color = invoiceTypeColors[type];
  return (
    <Chip
      label={invoiceTypeLabels[type]}
      size={size}
      sx={(theme) => ({
        fontWeight: 600,
        color: theme.palette[color].dark,
        bgcolor: alpha(theme.palette[color].main, 0.12),
        border: `1px solid ${alpha(theme.palette[color].main, 0.3)}`,
      })}
    />
  );
}
