import { expect, test } from '@playwright/test';
import { DEMO, signInOk } from './support.ts';

/** A 1×1 PNG, as a phone's camera would send a (much larger) one. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('support (spec §2.2, §5, §7.5, §8 Support)', () => {
  test('opens a request from the home and finds it in progress', async ({ page }, info) => {
    const text = `A internet cai todas as noites (${info.project.name}, ${Date.now()}).`;
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.getByRole('link', { name: 'Solicitar atendimento' }).first().click();
    await expect(page.getByRole('heading', { name: 'Solicitar Atendimento' })).toBeVisible();

    await page.getByRole('button', { name: 'Solicitar atendimento' }).click();
    await expect(page.getByText('Por favor informe um assunto')).toBeVisible();

    await page.getByLabel('Assunto').selectOption({ label: 'Internet lenta' });
    await expect(page.getByLabel('Contrato')).toHaveValue('101');
    const phone = page.getByLabel('Telefone para contato');
    await phone.fill('');
    await phone.pressSequentially('48999887766');
    await expect(phone).toHaveValue('(48) 99988-7766');
    await page.getByLabel('Mensagem').fill(text);
    // Issue 15: a PDF goes with the request.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'conta-de-luz.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    await page.getByRole('button', { name: 'Solicitar atendimento' }).click();

    await expect(page.getByText('Atendimento solicitado')).toBeVisible();
    await expect(page).toHaveURL(/\/panel\/customer-service\/in-progress$/);
    const list = page.getByRole('list', { name: 'Atendimentos em andamento' });
    await expect(list.getByText(text)).toBeVisible();
    await list.getByRole('link').filter({ hasText: text }).click();
    await expect(page.getByRole('heading', { name: 'Detalhes do Atendimento' })).toBeVisible();
    await expect(page.getByText('Não há mensagens adicionais.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Internet lenta' }).getByRole('button', { name: /conta-de-luz\.pdf/ }),
    ).toBeVisible();
  });

  test("adds a message to a request in progress and reads the attendants' answers", async ({
    page,
  }, info) => {
    const text = `Continua sem sinal (${info.project.name}, ${Date.now()}).`;
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.goto('/panel/customer-service/in-progress');
    await page
      .getByRole('list', { name: 'Atendimentos em andamento' })
      // The seed opens the ticket days before today: its protocol starts with that date.
      .getByRole('link', { name: /protocolo \d{8}005001\b/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Detalhes do Atendimento' })).toBeVisible();
    await expect(page.getByText('Ricardo Alves')).toBeVisible();

    await page.getByRole('link', { name: 'Adicionar mensagem' }).click();
    await expect(page.getByRole('heading', { name: 'Nova Mensagem no Atendimento' })).toBeVisible();
    await page.getByLabel('Mensagem').fill(text);
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByText('Mensagem enviada')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Detalhes do Atendimento' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  });

  test('sends a photo with a message, and the request lists it to download again (issue 15)', async ({
    page,
  }, info) => {
    const text = `Foto da luz do roteador (${info.project.name}, ${Date.now()}).`;
    const photo = `roteador-${info.project.name}.png`;
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.goto('/panel/customer-service/5001/add-message');
    await expect(page.getByRole('heading', { name: 'Nova Mensagem no Atendimento' })).toBeVisible();
    await page.getByLabel('Mensagem').fill(text);

    // A text file is refused before it is sent; a PNG is taken.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('oi') });
    await expect(
      page.getByText('Envie até 3 arquivos de imagem (JPG, PNG ou WebP) ou PDF, de até 5 MB cada.'),
    ).toBeVisible();
    await input.setInputFiles({ name: photo, mimeType: 'image/png', buffer: PNG_1X1 });
    const chosen = page.getByRole('list', { name: 'Arquivos anexados' });
    await expect(chosen.getByText(photo)).toBeVisible();
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();

    await expect(page.getByText('Mensagem enviada')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Detalhes do Atendimento' })).toBeVisible();
    const message = page.getByRole('listitem').filter({ hasText: text });
    const link = message.getByRole('button', { name: new RegExp(photo.replace('.', '\\.')) });
    await expect(link).toBeVisible();
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe(photo);
  });

  test("pages the closed requests with 'Ver mais', and a closed one takes no message", async ({ page }) => {
    await signInOk(page, DEMO.maria.document, DEMO.password);
    await page.goto('/panel/customer-service/closed');
    await expect(page.getByRole('heading', { name: 'Atendimentos Fechados' })).toBeVisible();
    const items = page.getByRole('list', { name: 'Atendimentos fechados' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await page.getByRole('button', { name: 'Ver mais' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(items).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Ver mais' })).toBeDisabled();

    await items.last().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Detalhes do Atendimento' })).toBeVisible();
    await expect(page.getByText('Fechado', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Adicionar mensagem' })).toHaveCount(0);
  });

  test("another customer's request answers not found", async ({ page }) => {
    await signInOk(page, DEMO.padaria.document, DEMO.password);
    await page.goto('/panel/customer-service/5001');
    await expect(page.getByText('Atendimento não encontrado.')).toBeVisible();
  });
});
