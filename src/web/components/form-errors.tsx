/** Server errors, shown in red above a form. */
export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <ul className="mb-0">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
