import { messages, signInBody } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormCpfCnpjField } from './form-text-field';

/** The sign-in's first step as a form: the field checked by the API's own schema. */
function SignInForm({ onValid }: { onValid: (cpfOrCnpj: string) => void }) {
  const form = useForm({
    resolver: zodResolver(signInBody.pick({ cpfOrCnpj: true })),
    defaultValues: { cpfOrCnpj: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ cpfOrCnpj }) => onValid(cpfOrCnpj))}>
      <FormCpfCnpjField control={form.control} name="cpfOrCnpj" />
      <button type="submit">Continuar</button>
    </form>
  );
}

function setup() {
  const submitted: string[] = [];
  const user = userEvent.setup();
  render(<SignInForm onValid={(value) => submitted.push(value)} />);
  const field = screen.getByLabelText('CPF/CNPJ') as HTMLInputElement;
  const submit = () => user.click(screen.getByRole('button', { name: 'Continuar' }));
  return { user, field, submit, submitted };
}

describe('CPF/CNPJ field', () => {
  it('masks a CPF as it is typed', async () => {
    const { user, field } = setup();
    await user.type(field, '529982');
    expect(field.value).toBe('529.982');
    await user.type(field, '24725');
    expect(field.value).toBe('529.982.247-25');
  });

  it('switches to the CNPJ mask at the 14th digit', async () => {
    const { user, field } = setup();
    await user.type(field, '11222333000181');
    expect(field.value).toBe('11.222.333/0001-81');
  });

  it('keeps only digits, and no more than a CNPJ has', async () => {
    const { user, field } = setup();
    await user.type(field, 'ab11.222x333/0001-8199');
    expect(field.value).toBe('11.222.333/0001-81');
  });

  it('asks for a document when none is typed', async () => {
    const { submit, submitted } = setup();
    await submit();
    expect(await screen.findByText(messages.cpfCnpjRequired)).toBeTruthy();
    expect(submitted).toEqual([]);
  });

  it('refuses an invalid CPF with the spec text', async () => {
    const { user, field, submit, submitted } = setup();
    await user.type(field, '52998224724');
    await submit();
    expect(await screen.findByText(messages.cpfInvalid)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);
  });

  it('refuses an invalid CNPJ with the spec text', async () => {
    const { user, field, submit, submitted } = setup();
    await user.type(field, '11222333000182');
    await submit();
    expect(await screen.findByText(messages.cnpjInvalid)).toBeTruthy();
    expect(submitted).toEqual([]);
  });

  it('sends the digits of a valid document', async () => {
    const { user, field, submit, submitted } = setup();
    await user.type(field, '52998224725');
    await submit();
    expect(submitted).toEqual(['52998224725']);
    expect(screen.queryByText(messages.cpfInvalid)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });
});
