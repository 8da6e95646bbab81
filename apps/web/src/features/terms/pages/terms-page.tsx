import { maskCpfOrCnpj } from '@central/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/shared/components/page-title';
import { formatPhone, telUrl } from '@/shared/contact';
import * as paths from '@/shared/paths';
import { useTenant } from '@/shared/tenant';

const TITLE = 'Termos de Uso e Política de Privacidade';
/** spec §1/§2.1: the document's date. */
const DOCUMENT_DATE = '27/03/2024';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ '& p': { mb: 1.5 }, '& ul': { pl: 3, mt: 0, mb: 1.5 }, '& li': { mb: 0.75 } }}>
        {children}
      </Box>
    </Box>
  );
}

const P = ({ children }: { children: ReactNode }) => <Typography component="p">{children}</Typography>;

/** spec §2.1 /termos-de-privacidade: the document, with the details of the provider of this host. */
export function TermsPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  // react-router keeps the position in the history stack in `idx`: 0 means there is no page to go back to.
  const canGoBack = Boolean((window.history.state as { idx?: number } | null)?.idx);

  const company = tenant.legal_name?.trim() || tenant.alias;
  const cnpj = tenant.cnpj?.trim();
  const address = tenant.address?.trim();
  const email = tenant.contact_email;
  const phone = tenant.phone_number ?? tenant.whatsapp_number;
  const logo = tenant.horizontal_logo_url ?? tenant.vertical_logo_url;

  const contact = (
    <>
      {email && (
        <>
          pelo e-mail <Link href={`mailto:${email}`}>{email}</Link>
        </>
      )}
      {email && phone && ' ou '}
      {phone && (
        <>
          pelo telefone <Link href={telUrl(phone)}>{formatPhone(phone)}</Link>
        </>
      )}
      {!email && !phone && 'pelos canais de atendimento da Central do Assinante'}
    </>
  );

  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        background: `linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.08)}, transparent 320px)`,
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 4 },
      })}
    >
      <PageTitle>{TITLE}</PageTitle>
      <Box sx={{ maxWidth: 820, mx: 'auto' }}>
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
        >
          <Button
            startIcon={<ArrowBackIcon />}
            onClick={() => (canGoBack ? navigate(-1) : navigate(paths.signIn))}
            sx={{ ml: -1 }}
          >
            Voltar
          </Button>
          <Box
            component="img"
            src={logo}
            alt={tenant.alias}
            sx={{ height: 40, maxWidth: { xs: 140, sm: 200 }, objectFit: 'contain' }}
          />
        </Box>
        <Card component="main">
          <CardContent sx={{ p: { xs: 2.5, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
            <Typography
              component="h1"
              variant="h4"
              sx={{ fontWeight: 700, fontSize: { xs: '1.625rem', sm: '2.125rem' } }}
            >
              {TITLE}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Documento de {DOCUMENT_DATE}
            </Typography>

            <Box
              component="dl"
              aria-label="Dados da empresa"
              sx={(theme) => ({
                mt: 3,
                mb: 0,
                p: 2,
                borderRadius: 1,
                bgcolor: alpha(theme.palette.primary.main, 0.05),
                border: `1px solid ${alpha(theme.palette.primary.main, 0.16)}`,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 2,
                rowGap: { xs: 0.25, sm: 1 },
                '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
                '& dt:first-of-type': { mt: 0 },
                '& dd': { m: 0, fontWeight: 600, overflowWrap: 'anywhere' },
              })}
            >
              <dt>Empresa</dt>
              <dd>{company}</dd>
              {cnpj && (
                <>
                  <dt>CNPJ</dt>
                  <dd>{maskCpfOrCnpj(cnpj)}</dd>
                </>
              )}
              {address && (
                <>
                  <dt>Endereço</dt>
                  <dd>{address}</dd>
                </>
              )}
              {email && (
                <>
                  <dt>Contato</dt>
                  <dd>{email}</dd>
                </>
              )}
            </Box>

            <Section id="terms-about" title="1. Sobre este documento">
              <P>
                Estes Termos de Uso e esta Política de Privacidade explicam como funciona a Central do
                Assinante de {company} (“nós”) e como tratamos os dados pessoais de quem a utiliza (“você”),
                conforme a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, “LGPD”) e o Marco
                Civil da Internet (Lei nº 12.965/2014). Ao entrar na Central do Assinante, você declara que
                leu e concorda com este documento.
              </P>
              <P>
                {company} é a controladora dos dados pessoais tratados na Central do Assinante, que é o canal
                de autoatendimento dos assinantes dos nossos serviços de internet.
              </P>
            </Section>

            <Section id="terms-use" title="2. Uso da Central do Assinante">
              <P>Na Central do Assinante você pode, entre outros serviços:</P>
              <ul>
                <li>consultar faturas, baixar boletos, copiar o código PIX e pagar com cartão de crédito;</li>
                <li>
                  consultar e baixar notas fiscais, contratos e a declaração anual de quitação de débitos;
                </li>
                <li>solicitar o desbloqueio de confiança de um contrato bloqueado;</li>
                <li>abrir e acompanhar atendimentos;</li>
                <li>ativar aplicativos incluídos no seu plano e configurar notificações.</li>
              </ul>
              <P>
                O acesso é pessoal: ele é feito com o CPF ou CNPJ do titular do contrato e uma senha. Guarde a
                sua senha em segredo e não a compartilhe; tudo o que for feito com ela será considerado feito
                por você. Se suspeitar de uso indevido, altere a senha em “Minha Senha” ou fale conosco.
              </P>
              <P>
                Você se compromete a informar dados verdadeiros e a não usar a Central do Assinante para fins
                ilícitos ou para acessar dados de outras pessoas. Podemos interromper o serviço por
                manutenção, por motivos de segurança ou por falha de terceiros, sempre buscando restabelecê-lo
                o quanto antes.
              </P>
            </Section>

            <Section id="terms-data" title="3. Quais dados tratamos">
              <ul>
                <li>
                  <strong>Identificação:</strong> nome ou razão social e CPF ou CNPJ.
                </li>
                <li>
                  <strong>Contato:</strong> e-mail e telefone, inclusive o telefone informado ao solicitar um
                  atendimento.
                </li>
                <li>
                  <strong>Contrato:</strong> planos, serviços, situação da conexão e endereço de instalação.
                </li>
                <li>
                  <strong>Financeiro:</strong> faturas, pagamentos e notas fiscais. Dos cartões de crédito
                  guardamos apenas um identificador fornecido pela operadora de pagamento e os últimos
                  dígitos; o número completo e o código de segurança (CVV) nunca são armazenados por nós.
                </li>
                <li>
                  <strong>Atendimento:</strong> assuntos, mensagens e protocolos dos seus atendimentos.
                </li>
                <li>
                  <strong>Acesso:</strong> registros de acesso (endereço IP, data e hora), o cookie da sua
                  sessão e, se você permitir, a inscrição do seu navegador para receber notificações.
                </li>
                <li>
                  <strong>Equipamentos:</strong> dados do seu roteador, como modelo, número de série e
                  configuração da rede Wi-Fi, quando este serviço estiver disponível.
                </li>
              </ul>
              <P>
                A senha da Central do Assinante é guardada de forma irreversível (apenas o seu resumo
                criptográfico), de modo que nem mesmo nós a conhecemos.
              </P>
            </Section>

            <Section id="terms-purposes" title="4. Para que usamos os seus dados">
              <ul>
                <li>
                  Prestar os serviços contratados e permitir o autoatendimento: mostrar faturas, contratos e
                  notas fiscais, receber pagamentos e registrar atendimentos (execução de contrato, art. 7º,
                  V, da LGPD).
                </li>
                <li>
                  Cumprir obrigações legais e regulatórias, como as fiscais e as da Anatel, e guardar os
                  registros de acesso exigidos pelo Marco Civil da Internet (art. 7º, II, da LGPD).
                </li>
                <li>
                  Proteger você e a Central do Assinante contra fraudes e acessos indevidos, por exemplo
                  limitando tentativas de acesso (legítimo interesse, art. 7º, IX, da LGPD).
                </li>
                <li>
                  Enviar o código de recuperação de senha ao e-mail cadastrado e, com o seu consentimento,
                  notificações sobre o vencimento de faturas (art. 7º, I, da LGPD), que você pode desativar a
                  qualquer momento.
                </li>
                <li>Exercer direitos em processos judiciais, administrativos ou arbitrais.</li>
              </ul>
              <P>Não vendemos os seus dados pessoais e não os usamos para publicidade de terceiros.</P>
            </Section>

            <Section id="terms-sharing" title="5. Com quem compartilhamos">
              <P>Compartilhamos somente o necessário para cada finalidade, com:</P>
              <ul>
                <li>o nosso sistema de gestão de assinantes, onde ficam os seus contratos e faturas;</li>
                <li>bancos e instituições de pagamento, para boletos, PIX e pagamentos com cartão;</li>
                <li>
                  parceiros de conteúdo (streaming, música, livros, TV e armazenamento em nuvem), apenas
                  quando você ativa um aplicativo incluído no seu plano;
                </li>
                <li>
                  prestadores de serviço de tecnologia (hospedagem e envio de e-mails e notificações), que
                  tratam os dados em nosso nome e sob as nossas instruções;
                </li>
                <li>autoridades públicas, quando houver obrigação legal ou ordem judicial.</li>
              </ul>
            </Section>

            <Section id="terms-retention" title="6. Segurança e por quanto tempo guardamos">
              <P>
                Adotamos medidas técnicas e administrativas para proteger os seus dados: conexões
                criptografadas, cookie de sessão inacessível a scripts da página, senhas guardadas como resumo
                criptográfico, informações sensíveis cifradas e acesso restrito a pessoas autorizadas.
              </P>
              <P>
                Guardamos os dados enquanto durar o seu contrato e, depois, pelos prazos exigidos em lei: os
                registros de acesso por 6 meses (art. 15 do Marco Civil da Internet) e os documentos fiscais e
                contratuais pelo prazo previsto na legislação fiscal e civil. Passados esses prazos, os dados
                são eliminados ou anonimizados.
              </P>
            </Section>

            <Section id="terms-cookies" title="7. Cookies e armazenamento no navegador">
              <P>
                Usamos apenas o que é necessário para a Central do Assinante funcionar: um cookie que mantém a
                sua sessão, preferências guardadas de forma cifrada no seu navegador e, se você ativar as
                notificações, a inscrição para recebê-las. Não usamos cookies de publicidade.
              </P>
            </Section>

            <Section id="terms-rights" title="8. Os seus direitos">
              <P>Pela LGPD (art. 18), você pode, a qualquer momento e sem custo:</P>
              <ul>
                <li>confirmar se tratamos os seus dados e acessá-los;</li>
                <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
                <li>
                  pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou
                  tratados em desconformidade com a lei;
                </li>
                <li>pedir a portabilidade dos seus dados a outro fornecedor;</li>
                <li>saber com quem compartilhamos os seus dados;</li>
                <li>
                  revogar o seu consentimento e pedir a eliminação dos dados tratados com base nele,
                  ressalvadas as hipóteses de guarda previstas em lei;
                </li>
                <li>opor-se a um tratamento que descumpra a LGPD;</li>
                <li>
                  reclamar à Autoridade Nacional de Proteção de Dados (ANPD), se não tiver a sua solicitação
                  atendida por nós.
                </li>
              </ul>
              <P>Para exercer esses direitos, fale conosco {contact}.</P>
            </Section>

            <Section id="terms-changes" title="9. Alterações e contato">
              <P>
                Este documento pode ser atualizado para refletir mudanças na Central do Assinante ou na
                legislação; a data no início da página indica a versão em vigor. Dúvidas sobre estes termos ou
                sobre os seus dados pessoais podem ser enviadas {contact}.
              </P>
              <P>
                {company}
                {cnpj && ` · CNPJ ${maskCpfOrCnpj(cnpj)}`}
                {address && ` · ${address}`}
              </P>
            </Section>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
