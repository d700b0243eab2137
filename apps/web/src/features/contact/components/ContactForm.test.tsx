// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { ContactForm } from './ContactForm';

const field = (label: string) => screen.getByLabelText(`${label} *`) as HTMLInputElement;

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactForm', () => {
  afterEach(cleanup);

  it("says 'Field with * should be filled' and sends nothing while a field is empty", async () => {
    const calls = fakeFetch(() => ({ status: 201, body: { message: 'ok' } }));
    renderAt(<ContactForm />);

    fill({ Name: 'Dana', Email: 'dana@example.com', 'Company Name': '  ', Message: 'Hello' });

    expect((await screen.findByRole('alert')).textContent).toBe('Field with * should be filled');
    expect(calls).toHaveLength(0);
  });

  it('marks each empty field invalid with its own message and focuses the first', async () => {
    fakeFetch(() => ({ status: 201, body: { message: 'ok' } }));
    renderAt(<ContactForm />);

    fill({ Name: 'Dana', Email: '', 'Company Name': '  ', Message: 'Hello' });

    expect((await screen.findByRole('alert')).textContent).toBe('Field with * should be filled');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    for (const [label, message] of [
      ['Email', 'Enter your email.'],
      ['Company Name', 'Enter your company name.'],
    ] as const) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      const description = document.getElementById(field(label).getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toBe(message);
    }
    expect(document.activeElement).toBe(field('Email'));

    fireEvent.input(field('Email'), { target: { value: 'dana@example.com' } });
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the four fields, confirms, and clears the form', async () => {
    const calls = fakeFetch(() => ({ status: 201, body: { message: 'Success: Your message has been sent successfully' } }));
    renderAt(<ContactForm />);

    fill({ Name: 'Dana', Email: 'dana@example.com', 'Company Name': 'Dana Games', Message: 'Hello there' });

    expect(await screen.findByText('Success: Your message has been sent successfully')).toBeTruthy();
    expect(calls.map((call) => [call.url, call.init?.method, JSON.parse(String(call.init?.body))])).toEqual([
      ['/api/contact', 'POST', { name: 'Dana', email: 'dana@example.com', companyName: 'Dana Games', message: 'Hello there' }],
    ]);
    expect(field('Name').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
