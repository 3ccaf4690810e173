import { describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages';
import { errorText, formErrorLines, plainMessage, plainMessages } from './error-text';

describe('messages shown to people', () => {
  it('lose the internal field name in front', () => {
    expect(plainMessage('lesson_video: Lesson video must be a YouTube link or video id')).toBe(
      'Lesson video must be a YouTube link or video id',
    );
    expect(plainMessage('current_password: Current password is required')).toBe('Current password is required');
    expect(plainMessage('password: Password needs: Capital letter, A number')).toBe(
      'Password needs: Capital letter, A number',
    );
    expect(plainMessage('options.2: Every option needs text')).toBe('Every option needs text');
    expect(plainMessage('answers[3].answer_index: Choose an answer')).toBe('Choose an answer');
  });

  it("say the validation library's own wording in plain words", () => {
    expect(plainMessage('id: Invalid input: expected number, received NaN')).toBe(messages.checkTheForm);
    expect(plainMessage('Too big: expected string to have <=1000 characters')).toBe(messages.checkTheForm);
    expect(plainMessage('Invalid input')).toBe(messages.checkTheForm);
  });

  it('keep sentences that only look like a prefix', () => {
    expect(plainMessage('Payment failed: The card was declined. You can try again.')).toBe(
      'Payment failed: The card was declined. You can try again.',
    );
    expect(plainMessage('Line 3: error — use of undeclared identifier')).toBe(
      'Line 3: error — use of undeclared identifier',
    );
    expect(plainMessage('Please check email')).toBe('Please check email');
    expect(plainMessage('tests.0.expected_output: Expected output is required.')).toBe('Expected output is required.');
  });

  it('say a repeated message once', () => {
    expect(plainMessages(['id: Invalid input', 'student_batch: Too small: expected number to be >=1'])).toEqual([
      messages.checkTheForm,
    ]);
  });

  it('turn any error into one line', () => {
    const apiLike = Object.assign(new Error('x'), {
      errors: ['lesson_video: Lesson video must be a YouTube link or video id', 'Topics are required'],
    });
    expect(errorText(apiLike)).toBe('Lesson video must be a YouTube link or video id Topics are required');
    expect(errorText(new Error('session_date: Session date must be a real date'))).toBe(
      'Session date must be a real date',
    );
    expect(errorText('a string')).toBe(messages.contactCustomerCare);
  });

  it("list a refused form's lines: none without an error, the API's own, or the request to contact us", () => {
    expect(formErrorLines(null)).toEqual([]);
    const refused = Object.assign(new Error('x'), { errors: ['Invalid email or password', 'Try again'] });
    expect(formErrorLines(refused)).toEqual(['Invalid email or password', 'Try again']);
    expect(formErrorLines(new TypeError('Failed to fetch'))).toEqual([messages.contactCustomerCare]);
  });
});
