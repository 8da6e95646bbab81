import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import * as paths from '../paths';
import { Astronaut } from './astronaut';
import { MessagePage } from './message-page';

/** spec §2.4: every other path. */
export function NotFoundPage() {
  const navigate = useNavigate();
  // react-router keeps the position in the history stack in `idx`: 0 means there is no page to go back to.
  const canGoBack = (window.history.state as { idx?: number } | null)?.idx;
  return (
    <MessagePage
      illustration={<Astronaut width={220} />}
      title="Página não encontrada"
      text="O endereço que você tentou acessar não existe ou foi removido."
      action={
        <Button
          variant="contained"
          size="large"
          onClick={() => (canGoBack ? navigate(-1) : navigate(paths.root))}
        >
          Voltar
        </Button>
      }
    />
  );
}
