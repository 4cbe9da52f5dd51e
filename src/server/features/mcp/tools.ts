import { z } from 'zod';
import type { Language } from '../../../core/i18n/language.ts';
import { ChatInput } from '../../../core/mentor/mentor-schema.ts';
import { implausibleChanges } from '../../../core/metrics/plausibility.ts';
import { SummaryQuery } from '../../../core/metrics/summary-range.ts';
import { type WeekRecord, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { CompleteTaskInput, CreateTaskInput, TaskListQuery } from '../../../core/tasks/task-schema.ts';
import { refusal, type Rest } from './rest.ts';

/** What a tool answers: its JSON for the assistant, or a question it should relay to the founder. */
export type ToolAnswer = { data: unknown } | { question: string };

export type McpTool = {
  name: string;
  /** `write`: only a token with the write scope sees and calls it. */
  scope: 'read' | 'write';
  /** In the founder's language: the assistant reads it to choose the tool. */
  description: Record<Language, string>;
  /** The shared schema its arguments are checked with (and the JSON Schema tools/list shows). */
  input: z.ZodType;
  run: (rest: Rest, args: never, language: Language) => Promise<ToolAnswer>;
};

const Empty = z.object({}).strict();
/** A week as MCP sends it: numbers for the key, and the week record exactly as the form's schema takes it. */
const RecordWeekInput = z
  .object({
    year: z.number().int().min(2000).max(2100),
    week: z.number().int().min(1).max(53),
    record: WeekRecordInput,
    /** Set once the founder confirmed figures the plausibility check questioned. */
    confirmed: z.boolean().optional(),
  })
  .strict();
const CompleteInput = CompleteTaskInput.extend({ id: z.uuid() });
const AskInput = ChatInput.pick({ message: true, conversationId: true });

const data = (value: unknown): ToolAnswer => ({ data: value });

/** A tool that is one argument-free REST read, answered as it comes. */
const readTool = (name: string, path: string, description: Record<Language, string>): McpTool => ({
  name,
  scope: 'read',
  description,
  input: Empty,
  run: async (rest) => data(await rest.json('GET', path)),
});

/** The question the form asks before saving an implausible week (decision 111), in words an assistant can relay. */
function plausibilityQuestion(changes: ReturnType<typeof implausibleChanges>, language: Language): string {
  const lines = changes.map((change) => `${change.figure}: ${change.before} → ${change.after}`).join('; ');
  return language === 'es-LA'
    ? `Estas cifras se ven inusuales frente a las semanas anteriores (${lines}). Pregúntale al fundador si son correctas; si lo confirma, vuelve a llamar a record_week con confirmed: true. No se guardó nada.`
    : `These figures look unusual next to the weeks before (${lines}). Ask the founder whether they are right; if they confirm, call record_week again with confirmed: true. Nothing was saved.`;
}

/** The mentor's streamed answer (the AI SDK's UI message stream), read whole: its text and its number check. */
async function readMentorStream(response: Response) {
  const text = await response.text();
  let answer = '';
  let numberChecks: unknown = [];
  let conversationId: string | null = null;
  let failed: string | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const part = JSON.parse(line.slice(6)) as { type: string; delta?: string; data?: unknown; errorText?: string };
    if (part.type === 'text-delta') answer += part.delta ?? '';
    else if (part.type === 'data-numbers') numberChecks = part.data;
    else if (part.type === 'data-conversation') conversationId = (part.data as { id: string }).id;
    else if (part.type === 'error') failed = part.errorText ?? 'error';
  }
  return { answer, numberChecks, conversationId, failed };
}

export const MCP_TOOLS: McpTool[] = [
  {
    name: 'get_metrics_summary',
    scope: 'read',
    description: {
      en: "The founder's latest metrics (CAC, NDR, MRR, burn, runway, churn, LTV, ARPC, active users) with their targets and each one's status, and the weekly series. Ratios are fractions: 0.05 is 5%.",
      'es-LA': 'Las métricas más recientes del fundador (CAC, NDR, MRR, quema, pista, churn, LTV, ARPC, usuarios activos) con sus metas y el estado de cada una, y la serie semanal. Las tasas son fracciones: 0.05 es 5 %.',
    },
    input: SummaryQuery.partial(),
    run: async (rest, args: { range?: string }) => data(await rest.json('GET', `/api/metrics/summary${args.range ? `?range=${args.range}` : ''}`)),
  },
  readTool('list_weeks', '/api/metrics/weeks', { en: "Every week the founder recorded, newest first, with all its figures.", 'es-LA': 'Todas las semanas que registró el fundador, de la más reciente a la más antigua, con todas sus cifras.' }),
  {
    name: 'record_week',
    scope: 'write',
    description: {
      en: 'Record or replace one ISO week of figures (year, week, record). Every figure is a JSON number, never text. Figures that look implausible next to the weeks before come back as a question for the founder: ask it, then call again with confirmed: true.',
      'es-LA': 'Registra o reemplaza una semana ISO de cifras (year, week, record). Cada cifra es un número JSON, nunca texto. Si las cifras se ven inverosímiles frente a las semanas anteriores, vuelve una pregunta para el fundador: házsela y luego llama de nuevo con confirmed: true.',
    },
    input: RecordWeekInput,
    run: async (rest, args: z.output<typeof RecordWeekInput>, language) => {
      const key = { year: args.year, week: args.week };
      if (!args.confirmed) {
        const history = await rest.json<WeekRecord[]>('GET', '/api/metrics/weeks');
        const changes = implausibleChanges(key, args.record, history);
        if (changes.length > 0) return { question: plausibilityQuestion(changes, language) };
      }
      return data(await rest.json('PUT', `/api/metrics/weeks/${args.year}/${args.week}`, args.record));
    },
  },
  {
    name: 'list_tasks',
    scope: 'read',
    description: { en: "The founder's hypothesis tasks (status: active or done), with ICE scores and target metrics.", 'es-LA': 'Las tareas de hipótesis del fundador (status: active o done), con su puntaje ICE y la métrica meta.' },
    input: TaskListQuery.partial(),
    run: async (rest, args: { status?: string }) => data(await rest.json('GET', `/api/tasks?status=${args.status ?? 'active'}`)),
  },
  {
    name: 'create_task',
    scope: 'write',
    description: {
      en: 'Create a hypothesis-driven task: hypothesis (20+ characters), whyRelevant (15+), metric, targetValue in that metric’s unit (0.03 for 3% churn), impact, confidence and ease from 1 to 10.',
      'es-LA': 'Crea una tarea basada en una hipótesis: hypothesis (20+ caracteres), whyRelevant (15+), metric, targetValue en la unidad de esa métrica (0.03 para 3 % de churn), impact, confidence y ease del 1 al 10.',
    },
    input: CreateTaskInput,
    run: async (rest, args: unknown) => data(await rest.json('POST', '/api/tasks', args)),
  },
  {
    name: 'complete_task',
    scope: 'write',
    description: { en: 'Complete an active task by id with its outcome (validated, invalidated or inconclusive) and completion notes.', 'es-LA': 'Completa una tarea activa por su id con el resultado (validated, invalidated o inconclusive) y notas de cierre.' },
    input: CompleteInput,
    run: async (rest, { id, ...body }: z.output<typeof CompleteInput>) => data(await rest.json('POST', `/api/tasks/${id}/complete`, body)),
  },
  readTool('get_strategy', '/api/strategy', { en: "The founder's current strategy: core problem, maximas and statement, with its version.", 'es-LA': 'La estrategia actual del fundador: problema central, máximas y declaración, con su versión.' }),
  readTool('get_insights', '/api/insights', { en: "This week's insights about the founder's numbers, most urgent first (Premium).", 'es-LA': 'Los hallazgos de esta semana sobre los números del fundador, los más urgentes primero (Premium).' }),
  {
    name: 'ask_mentor',
    scope: 'read',
    description: {
      en: "Ask Rumbo's mentor a question. The answer is grounded in the founder's data, and numberChecks says for every number in it whether it comes from that data. The conversation is kept in the founder's Talk page.",
      'es-LA': 'Hazle una pregunta al mentor de Rumbo. La respuesta se basa en los datos del fundador, y numberChecks dice para cada número si viene de esos datos. La conversación queda en la página de conversación del fundador.',
    },
    input: AskInput,
    run: async (rest, args: z.output<typeof AskInput>, language) => {
      const response = await rest.send('POST', '/api/mentor/chat', { ...args, language });
      if (!response.ok) throw await refusal(response);
      const { answer, numberChecks, conversationId, failed } = await readMentorStream(response);
      if (failed) throw await refusal(new Response(JSON.stringify({ error: { code: 'INTERNAL', message: failed } }), { status: 502 }));
      return data({ answer, numberChecks, conversationId });
    },
  },
];
