/**
 * Tests that add a question to the self assessment bank and delete it again. Any student test running beside them
 * may be dealt that question, and its submission then rightly fails ("Some of these questions were changed by your
 * teacher meanwhile"). So these tests carry this tag, and the config runs them only after every other test.
 */
export const QUESTION_BANK_TAG = '@question-bank';
export const QUESTION_BANK = { tag: QUESTION_BANK_TAG };
