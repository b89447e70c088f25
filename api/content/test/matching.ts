/**
 * Marking a matching answer (test type 2, docs/decisions/070): a question's choices without
 * is_answer are its prompts, those with it its answers, and each prompt's pair_id names the answer
 * it matches. Pure: the attempt's submit (attempts.ts) reads the choices and stores the result.
 */
type Choice = { id: number; is_answer: number; pair_id: number | null };

/** The pairs given for a matching question: each of its prompts once, with one of its answers; anything else dropped. */
export function givenPairs(own: Choice[], pairs: { prompt: number; answer: number }[]) {
  const out = new Map<number, number>();
  for (const p of pairs) {
    const prompt = own.find((c) => c.id === p.prompt && c.is_answer === 0);
    const answer = own.find((c) => c.id === p.answer && c.is_answer === 1);
    if (prompt && answer && !out.has(prompt.id)) out.set(prompt.id, answer.id);
  }
  return [...out].map(([prompt, answer]) => ({ prompt, answer }));
}

/**
 * A matching answer's score (docs/decisions/070), all or nothing as a choice question's: its full
 * score when every prompt with a pair was given exactly that answer (and none was given to a
 * prompt without one); 0 otherwise, and 0 when the question has no pair at all.
 */
export function matchingScore(own: Choice[], pairs: { prompt: number; answer: number }[], max: number): number {
  const prompts = own.filter((c) => c.is_answer === 0);
  if (!prompts.some((p) => p.pair_id !== null)) return 0;
  const given = new Map(pairs.map((p) => [p.prompt, p.answer]));
  return prompts.every((p) => (given.get(p.id) ?? null) === p.pair_id) ? max : 0;
}
