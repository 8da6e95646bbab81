import { messages } from '@central/domain';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { useRouteError } from 'react-router';
import { MessagePage } from '@/shared/components/message-page';
import { isApiError } from '@/shared/http';

/** Last resort for a failed page load (offline, a chunk missing after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  return (
    <>
      {/* Outside both areas' layouts, which set the baseline styles. */}
      <CssBaseline />
      <MessagePage
        title={isApiError(error) ? error.message : messages.generic}
        text="Não foi possível carregar esta página. Verifique a sua conexão e tente novamente."
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            Tentar novamente
          </Button>
        }
      />
    </>
  );
}
