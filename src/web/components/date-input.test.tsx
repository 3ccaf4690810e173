// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates';
import { DateInput, dayInWords } from './form-kit';

afterEach(cleanup);

function Form({ onValue }: { onValue: (value: string) => void }) {
  const form = useForm({ defaultValues: { day: '2026-11-27' } });
  return (
    <form onSubmit={form.handleSubmit(({ day }) => onValue(day))}>
      <DateInput id="day" label="Due date" hint="Optional." {...form.register('day')} />
      <button type="button" onClick={() => form.reset({ day: '' })}>
        Reset
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

describe('the date field', () => {
  it('writes a day as the site does, with its weekday', () => {
    expect(dayInWords('2026-11-27', DEFAULT_TIME_ZONE)).toBe('Friday, 27 Nov 2026');
    expect(dayInWords('2026-13-40', DEFAULT_TIME_ZONE)).toBe('');
    expect(dayInWords('', DEFAULT_TIME_ZONE)).toBe('');
  });

  it('says under the browser’s own field which day is chosen, as it changes, and still gives the form its value', async () => {
    let saved = '';
    render(<Form onValue={(value) => (saved = value)} />);
    const field = screen.getByLabelText('Due date') as HTMLInputElement;
    expect(field.type).toBe('date');
    const hint = () => document.getElementById('day-hint')?.textContent;
    expect(hint()).toBe('Optional. Chosen: Friday, 27 Nov 2026');
    expect(field.getAttribute('aria-describedby')).toBe('day-hint');
    fireEvent.change(field, { target: { value: '2027-01-04' } });
    expect(hint()).toBe('Optional. Chosen: Monday, 4 Jan 2027');
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Save');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved).toBe('2027-01-04');
    fireEvent.click(screen.getByText('Reset'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hint()).toBe('Optional.');
  });
});
