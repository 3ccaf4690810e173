import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox, Input, Select, Textarea } from './form-kit';

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

describe('the form kit ties every control to its label, hint and message', () => {
  it('labels the control and, when the value was refused, marks it invalid and points it at the message', () => {
    const markup = html(<Input id="fee" label="Course fee" error={{ message: 'Enter a fee' }} hint="In rupees" />);
    expect(markup).toContain('<label class="form-label" for="fee">Course fee</label>');
    expect(markup).toMatch(
      /<input class="form-control is-invalid" id="fee" aria-invalid="true" aria-describedby="fee-error fee-hint"/,
    );
    expect(markup).toContain('<div id="fee-hint" class="form-text">In rupees</div>');
    expect(markup).toContain('<div id="fee-error" class="invalid-feedback d-block" role="alert">Enter a fee</div>');
  });

  it('leaves a valid control unmarked, with only its hint described', () => {
    const markup = html(<Textarea id="bio" label="Biography" hint="A blank line starts a paragraph." rows={3} />);
    expect(markup).toMatch(/<textarea class="form-control" id="bio" aria-describedby="bio-hint" rows="3">/);
    expect(markup).not.toContain('aria-invalid');
    expect(markup).not.toContain('role="alert"');
  });

  it("takes its id from react-hook-form's registration when none is given", () => {
    const registration = { name: 'email', onChange: async () => {}, onBlur: async () => {}, ref: () => {} };
    const markup = html(<Input label="Email" registration={registration} />);
    expect(markup).toContain('for="field-email"');
    expect(markup).toContain('id="field-email"');
    expect(markup).toContain('name="email"');
  });

  it('renders a select with its options and a checkbox with its label after it', () => {
    const select = html(
      <Select id="zone" label="Time zone" error={{ message: 'Pick one' }}>
        <option value="Asia/Kolkata">Asia/Kolkata</option>
      </Select>,
    );
    expect(select).toMatch(
      /<select class="form-select is-invalid" id="zone" aria-invalid="true" aria-describedby="zone-error">/,
    );
    expect(select).toContain('<option value="Asia/Kolkata">Asia/Kolkata</option>');
    const checkbox = html(<Checkbox id="visible" label="Visible to students" />);
    expect(checkbox).toMatch(
      /^<div class="form-check mb-3"><input type="checkbox" class="form-check-input" id="visible"\/><label class="form-check-label" for="visible">Visible to students<\/label><\/div>$/,
    );
  });
});
