import type { InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A controlled input with its label, for the small forms that don't need react-hook-form. */
export function LabelledInput({ id, label, value, onChange, className, ...input }: Props) {
  return (
    <div className={className ?? 'mb-3'}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    </div>
  );
}
