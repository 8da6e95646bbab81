import { Astronaut } from '@/shared/components/astronaut';
import { MessagePage } from '@/shared/components/message-page';

/** spec §1: an unknown or suspended provider gets this page instead of the app. */
export function TenantNotFoundPage() {
  return (
    <MessagePage
      illustration={<Astronaut width={340} />}
      title="Provedor não encontrado"
      text="Não encontramos o provedor de internet deste endereço. Confira o endereço digitado ou fale com o seu provedor."
    />
  );
}
