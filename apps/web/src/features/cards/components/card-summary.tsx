import type { SavedCard } from '@central/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brandName, lastDigits } from '../api';
import { BrandBadge } from './brand-badge';

/** 'Visa final 1111 (Recorrente)': how a saved card is named in labels and dialogs. */
export const cardName = (card: SavedCard) =>
  `${brandName(card.brand)} final ${lastDigits(card)} (${card.alias})`;

/** A saved card as people recognise it: brand, alias, masked number and expiry. */
export function CardSummary({ card }: { card: SavedCard }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <BrandBadge brand={card.brand} />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {card.alias}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {brandName(card.brand)} •••• {lastDigits(card)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Validade {card.ExpirationDate}
        </Typography>
      </Box>
    </Box>
  );
}
