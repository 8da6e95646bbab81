import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A failed load: the spec's text and a way to try again. */
export function ErrorState({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      sx={{ bgcolor: 'background.paper', alignItems: 'center' }}
      action={
        onRetry && (
          <Button
            color="error"
            size="small"
            startIcon={<RefreshIcon />}
            onClick={onRetry}
            loading={retrying}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Tentar novamente
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
