import { Fragment } from 'react';

/**
 * An email address in running text: when it doesn't fit the line it breaks after a dot, hyphen or underscore or
 * before the @, where a reader expects it, rather than widening the page or splitting a word at random (a part
 * longer than the whole line is the only thing broken anywhere). Most tables keep emails whole (the table
 * scrolls in its own region); the student lists break them, to fit 1280 px.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[._-])|(?=@)/);
  return (
    <span className="email-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
