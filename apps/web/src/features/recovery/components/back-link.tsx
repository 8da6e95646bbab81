import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import type { MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { clearRecoveryState } from '../state';

/** spec §4: each Voltar clears the stored recovery state and goes back one step. */
export function BackLink({ to }: { to: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A click that opens a new tab or window is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void clearRecoveryState().finally(() => navigate(to));
  };
  return (
    <Button
      component={RouterLink}
      to={to}
      onClick={onClick}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      Voltar
    </Button>
  );
}
