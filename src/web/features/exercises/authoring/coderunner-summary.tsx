import type { CoderunnerGrading } from '../../../../contracts/exercises/authoring';

/**
 * How an imported CodeRunner question is graded, as Moodle graded it: shown in the editor so the teacher sees what
 * carried over (the template, all or nothing, the penalty regime, a template grader). Kept as imported.
 */
export function CoderunnerSummary({ grading }: { grading: CoderunnerGrading }) {
  return (
    <section className="border rounded p-2 mt-3" aria-labelledby="coderunner-summary">
      <h4 id="coderunner-summary" className="h6">
        Graded as on Moodle (imported from CodeRunner)
      </h4>
      <ul className="small mb-1">
        <li>
          {grading.combinator
            ? 'Its template makes one program that runs every test at once (a combinator); a test with input of its own runs alone.'
            : 'Its template makes a program for each test.'}
        </li>
        <li>
          {grading.template_grader
            ? 'Graded by its template (TemplateGrader): each test’s program prints its own verdict as JSON; the tests’ “Output is checked as” is not used.'
            : 'Each test’s output is checked as its “Output is checked as” says (CodeRunner’s grader).'}
        </li>
        <li>
          {grading.all_or_nothing
            ? 'All or nothing: the score is the total only when every test passes, otherwise 0.'
            : 'Each test’s points count on their own (not all or nothing).'}
        </li>
        <li>
          {grading.penalty_regime
            ? `Penalty regime: ${grading.penalty_regime} % off the second, third and later submissions; the best counts.`
            : 'No penalty regime: every submission counts in full.'}
        </li>
      </ul>
      <details>
        <summary className="small">The template</summary>
        <pre className="code-input small mb-0 mt-1">{grading.template}</pre>
      </details>
    </section>
  );
}
