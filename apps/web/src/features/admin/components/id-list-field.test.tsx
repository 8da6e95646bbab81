import { type IdLabel, messages } from '@central/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IdListField, type IdListTexts } from './id-list-field';

const subjectTexts: IdListTexts = {
  invalid: messages.subjectIdInvalid,
  duplicate: messages.subjectDuplicate,
  notFound: (id) => `Assunto ${id} não encontrado no IXC`,
  lookupFailed: (id) => `Não foi possível consultar o assunto ${id} no IXC; ele foi adicionado sem nome.`,
};

/** What the provider's IXC knows, as the subject look-up answers: a name, or nothing (404). */
const erpSubjects: Record<string, string> = { '12': 'Sem conexão', '15': 'Internet lenta' };

function Harness({
  initial = [],
  lookup,
}: {
  initial?: IdLabel[];
  lookup?: (id: string) => Promise<IdLabel | null>;
}) {
  const [value, setValue] = useState(initial);
  const [sent, setSent] = useState(0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSent((n) => n + 1);
      }}
    >
      <IdListField
        id="subjects"
        label="Assuntos"
        value={value}
        onChange={setValue}
        texts={subjectTexts}
        lookup={lookup}
      />
      <output data-testid="value">{value.map((v) => v.id).join(',')}</output>
      <output data-testid="sent">{sent}</output>
    </form>
  );
}

function renderField(props: Parameters<typeof Harness>[0] = {}) {
  render(<Harness {...props} />);
  const user = userEvent.setup();
  const input = screen.getByLabelText('Assuntos') as HTMLInputElement;
  const helper = () => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
  const ids = () => screen.getByTestId('value').textContent;
  return { user, input, helper, ids };
}

describe('subject, product and plan ids (spec §5)', () => {
  it('adds an id with Enter (without sending the form), and refuses one already added', async () => {
    const { user, input, helper, ids } = renderField();
    await user.type(input, '12{Enter}');
    expect(ids()).toBe('12');
    expect(input.value).toBe('');
    expect(screen.getByTestId('sent').textContent).toBe('0');
    expect(within(screen.getByRole('list', { name: 'Assuntos adicionados' })).getByText('12')).toBeTruthy();
    await user.type(input, '12{Enter}');
    expect(helper()).toBe(messages.subjectDuplicate);
    expect(ids()).toBe('12');
  });

  it.each(['abc', '12a', '0', '007', '-5'])("refuses '%s' as an IXC id", async (typed) => {
    const { user, input, helper, ids } = renderField();
    await user.type(input, `${typed}{Enter}`);
    expect(helper()).toBe(messages.subjectIdInvalid);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(ids()).toBe('');
  });

  it('looks each id up and shows it as “id - content”', async () => {
    const { user, input, ids } = renderField({
      lookup: async (id) => (erpSubjects[id] ? { id, content: erpSubjects[id] } : null),
    });
    await user.type(input, '15{Enter}');
    expect(await screen.findByText('15 - Internet lenta')).toBeTruthy();
    expect(ids()).toBe('15');
  });

  it('warns about an id the ERP does not know, and leaves it out', async () => {
    const { user, input, ids } = renderField({ lookup: async () => null });
    await user.type(input, '99{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Assunto 99 não encontrado no IXC');
    expect(ids()).toBe('');
    expect(input.value).toBe('99');
  });

  it('keeps the id without a name when the ERP cannot be asked', async () => {
    const { user, input, ids } = renderField({
      lookup: () => Promise.reject(new Error('ERP down')),
    });
    await user.type(input, '31{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Não foi possível consultar o assunto 31',
    );
    expect(ids()).toBe('31');
  });

  it('removes an id with its chip', async () => {
    const { user, ids } = renderField({ initial: [{ id: '12', content: 'Sem conexão' }] });
    await user.click(screen.getByTitle('Remover 12 - Sem conexão'));
    expect(ids()).toBe('');
  });
});
