import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { SETTINGS_LIMITS, type SiteSettings, type SiteSettingsForm } from '../../../contracts/settings';
import { FieldError } from '../../components/field-error';
import { Input, Textarea } from '../../components/form-kit';

/** The FAQ of the landing page: questions and answers the admin adds, orders and removes (up to the limit). */
export function FaqsFieldset({ form }: { form: UseFormReturn<SiteSettingsForm, unknown, SiteSettings> }) {
  const faqs = useFieldArray({ control: form.control, name: 'faqs' });
  const errors = form.formState.errors;
  return (
    <fieldset className="mb-3">
      <legend className="h6 fw-bold">Frequently asked questions</legend>
      {faqs.fields.length === 0 ? <p className="text-body-secondary">No questions yet.</p> : null}
      <ol className="settings-faqs list-unstyled">
        {faqs.fields.map((faq, index) => (
          <li key={faq.id} className="settings-faq">
            <Input
              id={`settings-faq-${index}-question`}
              label={`Question ${index + 1}`}
              error={errors.faqs?.[index]?.question}
              {...form.register(`faqs.${index}.question`)}
            />
            <Textarea
              id={`settings-faq-${index}-answer`}
              label={`Answer ${index + 1}`}
              rows={3}
              error={errors.faqs?.[index]?.answer}
              {...form.register(`faqs.${index}.answer`)}
            />
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={index === 0}
                aria-label={`Move question ${index + 1} up`}
                onClick={() => faqs.move(index, index - 1)}
              >
                Move up
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={index === faqs.fields.length - 1}
                aria-label={`Move question ${index + 1} down`}
                onClick={() => faqs.move(index, index + 1)}
              >
                Move down
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Remove question ${index + 1}`}
                onClick={() => faqs.remove(index)}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <FieldError id="settings-faqs" error={errors.faqs?.root ?? errors.faqs} />
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={faqs.fields.length >= SETTINGS_LIMITS.faqs}
        onClick={() => faqs.append({ question: '', answer: '' })}
      >
        Add a question
      </button>
    </fieldset>
  );
}
