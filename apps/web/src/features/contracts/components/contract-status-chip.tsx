import type { Contract } from '@central/domain';
import Chip from '@mui/material/Chip';
import { alpha, darken } from '@mui/material/styles';
import { contractStatusColor } from '../format';

/** spec §4: the contract's internet status, coloured by what it means for the connection. */
export function ContractStatusChip({ contract }: { contract: Pick<Contract, 'status' | 'statusLabel'> }) {
  const color = contractStatusColor(contract.status);
  return (
    <Chip
      label={contract.statusLabel}
      size="small"
      sx={(theme) => {
        const main = color === 'default' ? theme.palette.grey[600] : theme.palette[color].main;
        return {
          fontWeight: 600,
          // MUI's warning.dark (#e65100) is under 4.5:1 on its own tint: darkened, it reads at about 6:1.
          color:
            color === 'default'
              ? theme.palette.grey[800]
              : color === 'warning'
                ? darken(theme.palette.warning.dark, 0.3)
                : theme.palette[color].dark,
          bgcolor: alpha(main, 0.12),
          border: `1px solid ${alpha(main, 0.3)}`,
        };
      }}
    />
  );
}
