import { messages } from '@central/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { supportKeys } from '../api';
import { demoTheme, renderPages } from '../test-support';
import { RequestPage } from './request-page';

const subjects = [
  { id: '1', value: 'Sem conexão', description: 'Internet totalmente parada' },
  { id: '2', value: 'Internet lenta', description: 'Velocidade abaixo da contratada' },
];
const oneContract = [{ id: '101', label: '#101 - Fibra 500' }];

function renderRequest({
  phoneOnFile = null as string | null,
  theme = demoTheme,
  contracts = oneContract,
} = {}) {
  renderPages(
    [{ path: paths.customerService.request, Component: RequestPage }],
    paths.customerService.request,
    {
      theme,
      seed: (client) => {
        client.setQueryData(supportKeys.subjects, subjects);
        client.setQueryData(supportKeys.contracts, contracts);
        client.setQueryData(supportKeys.customer, phoneOnFile);
      },
    },
  );
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const message = (label: string) =>
    document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent;
  const submit = () => user.click(screen.getByRole('button', { name: 'Solicitar atendimento' }));
  return { user, field, message, submit };
}

describe('support request form (spec §5, §8 Support)', () => {
  it('shows the spec text of every required field when sent empty', async () => {
    const { field, message, submit } = renderRequest();
    await screen.findByRole('heading', { name: 'Solicitar Atendimento' });
    await submit();

    expect(message('Assunto')).toBe(messages.supportSubjectRequired);
    expect(message('Telefone para contato')).toBe(messages.phoneInvalid);
    expect(message('Mensagem')).toBe(`${messages.supportMessageRequired}0/1.000`);
    expect(field('Assunto').getAttribute('aria-invalid')).toBe('true');
  });

  it('masks the phone as a landline or a mobile while it is typed', async () => {
    const { user, field } = renderRequest();
    await user.type(field('Telefone para contato'), '4733334444');
    expect(field('Telefone para contato').value).toBe('(47) 3333-4444');
    await user.clear(field('Telefone para contato'));
    await user.type(field('Telefone para contato'), '47999998888');
    expect(field('Telefone para contato').value).toBe('(47) 99999-8888');
  });

  it.each([
    ['a number too short', '479999988'],
    ['an unknown area code', '2099998888'],
    ['a mobile without its 9', '47899998888'],
    ['one digit repeated', '11111111111'],
  ])('refuses %s', async (_, phone) => {
    const { user, field, message, submit } = renderRequest();
    await user.type(field('Telefone para contato'), phone);
    await submit();
    expect(message('Telefone para contato')).toBe(messages.phoneInvalid);
  });

  it('counts the message and refuses one over 1000 characters', async () => {
    const { user, field, message, submit } = renderRequest();
    await user.click(field('Mensagem'));
    await user.paste('a'.repeat(1001));
    expect(message('Mensagem')).toBe('1.001/1.000');
    await submit();
    expect(message('Mensagem')).toBe(`${messages.supportMessageMax}1.001/1.000`);
  });

  it('fills in the phone on file and lists the subjects', async () => {
    const { field } = renderRequest({ phoneOnFile: '47999998888' });
    expect(field('Telefone para contato').value).toBe('(47) 99999-8888');
    const options = [...field('Assunto').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['Selecione um assunto', 'Sem conexão', 'Internet lenta']);
  });

  it('does not ask for the contract when there is only one', async () => {
    renderRequest();
    await screen.findByRole('heading', { name: 'Solicitar Atendimento' });
    expect(screen.queryByLabelText('Contrato')).toBeNull();
  });

  it('asks which contract when there are two, the first chosen (spec §7.5)', async () => {
    const { field } = renderRequest({
      contracts: [...oneContract, { id: '102', label: '#102 - Fibra 300' }],
    });
    expect(field('Contrato').value).toBe('101');
    const options = [...field('Contrato').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['#101 - Fibra 500', '#102 - Fibra 300']);
  });

  it("says 'Falha ao solicitar atendimento' when the request does not go through", async () => {
    const { user, field, message, submit } = renderRequest();
    await user.selectOptions(field('Assunto'), '2');
    await user.type(field('Telefone para contato'), '47999998888');
    await user.type(field('Mensagem'), 'A internet cai à noite.');
    await submit();
    expect(await screen.findByText(messages.supportRequestFailed)).toBeTruthy();
    expect(field('Assunto').getAttribute('aria-invalid')).toBe('false');
    expect(field('Telefone para contato').getAttribute('aria-invalid')).toBe('false');
    expect(message('Mensagem')).toBe('23/1.000');
  });

  it("opens the provider's WhatsApp instead of the form when it takes requests by chat", async () => {
    renderRequest({ theme: { ...demoTheme, support_chat: true } });
    const chat = await screen.findByRole('link', { name: 'Abrir conversa no WhatsApp' });
    expect(chat.getAttribute('href')).toBe('https://wa.me/5548999990000');
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(screen.queryByLabelText('Assunto')).toBeNull();
  });

  it("links to the tickets already open ('Meus Atendimentos', spec §2.2)", async () => {
    renderRequest();
    const link = await screen.findByRole('link', { name: 'Meus Atendimentos' });
    expect(link.getAttribute('href')).toBe(paths.customerService.inProgress);
  });
});
