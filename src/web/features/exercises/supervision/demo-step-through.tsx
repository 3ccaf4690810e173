import { useRef, useState } from 'react';
import { AdminPanel } from '../../../components/admin-panel';
import { useStepThrough } from '../../../components/step-through/use-step-through';
import { CEditor } from '../c-editor';

/** A first demonstration: a linked list built and freed, the heap and its arrows changing line by line. */
const DEMO = `#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

int main(void) {
    struct node *head = NULL;
    int n;
    scanf("%d", &n);
    for (int i = 1; i <= n; i++) {
        struct node *fresh = malloc(sizeof *fresh);
        fresh->value = i;
        fresh->next = head;
        head = fresh;
    }
    while (head != NULL) {
        struct node *next = head->next;
        printf("%d ", head->value);
        free(head);
        head = next;
    }
    printf("\\n");
    return 0;
}
`;

/**
 * The teacher's own program, stepped through for the class: written here (a linked list to start with), run with
 * the input given, shown full screen on the shared screen of the class's meeting.
 */
export function DemoStepThrough({ onExit }: { onExit: () => void }) {
  const code = useRef(DEMO);
  const [stdin, setStdin] = useState('3');
  const stepThrough = useStepThrough({ admin: true }, () => ({ code: code.current, stdin, files: [] }), false);
  return (
    <AdminPanel title="Step through a program" onExit={onExit}>
      <p className="small">
        Write or paste a program, give it its input, and step through it with the class: Full screen puts the view on
        your shared screen.
      </p>
      <CEditor
        initialCode={DEMO}
        onChange={(text) => (code.current = text)}
        notes={[]}
        label="Program to step through"
      />
      <label className="form-label mt-2 mb-1" htmlFor="demo-stdin">
        Input (what the program reads with scanf)
      </label>
      <textarea
        id="demo-stdin"
        className="form-control font-monospace mb-2"
        rows={2}
        value={stdin}
        onChange={(event) => setStdin(event.target.value)}
      />
      {stepThrough.button('Step through', 'btn btn-primary')}
      {stepThrough.panel}
    </AdminPanel>
  );
}
