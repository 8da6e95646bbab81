import { PROVIDER_TIME_ZONE } from '@central/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Issue 15: what a page of invoices says while the provider's ERP cannot be reached. */
export const STALE_NOTICE = 'Os dados podem estar desatualizados';

// Made when a notice first shows: a formatter with a time zone is costly, and the home imports this.
let when: Intl.DateTimeFormat | undefined;

/** '23/11/2026 às 14:05', in the provider's time. */
function asOf(iso: string): string {
  when ??= new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PROVIDER_TIME_ZONE,
  });
  const parts = Object.fromEntries(when.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

/** The invoices shown are the ones last seen (`staleAt`); paying waits for the ERP to answer again. */
export function StaleNotice({ at }: { at: string }) {
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      <AlertTitle>{STALE_NOTICE}</AlertTitle>
      Não conseguimos falar com o sistema do provedor agora. Estas são as informações de {asOf(at)}; os
      pagamentos voltam assim que os dados forem atualizados.
    </Alert>
  );
}
