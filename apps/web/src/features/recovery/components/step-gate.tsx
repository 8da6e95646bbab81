import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/http';
import type { NoticeState } from '@/shared/notice';

type Props = {
  /** The page's entry call; a 401 means the flow is not at this step. */
  check: UseQueryResult<unknown>;
  backTo: string;
  /** Shown on the page the user is sent back to. */
  notice: string;
  children: ReactNode;
};

/** spec §4: each step needs the previous one; a missing or invalid flow goes back to an earlier step. */
export function StepGate({ check, backTo, notice, children }: Props) {
  const navigate = useNavigate();
  const invalid = isApiError(check.error) && check.error.status === 401;

  useEffect(() => {
    if (invalid) navigate(backTo, { replace: true, state: { notice } satisfies NoticeState });
  }, [invalid, backTo, notice, navigate]);

  if (check.isPending || invalid) {
    return (
      <Box role="status" aria-label="Carregando" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-hidden sx={{ color: 'text.secondary' }} />
      </Box>
    );
  }
  if (check.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{check.error.message}</Alert>
        <Button variant="outlined" onClick={() => check.refetch()} loading={check.isFetching}>
          Tentar novamente
        </Button>
      </Stack>
    );
  }
  return children;
}
