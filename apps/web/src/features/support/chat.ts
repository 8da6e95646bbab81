import type { Theme } from '@central/domain';
import { whatsappUrl } from '@/shared/contact';

/**
 * spec §2.5: for some providers 'Solicitar' opens a chat on the messaging service instead of the form;
 * the chat is the provider's WhatsApp (spec §9: 0800 numbers as they are, others with 55).
 */
export function supportChatUrl(tenant: Pick<Theme, 'support_chat' | 'whatsapp_number'>): string | null {
  return tenant.support_chat && tenant.whatsapp_number ? whatsappUrl(tenant.whatsapp_number) : null;
}
