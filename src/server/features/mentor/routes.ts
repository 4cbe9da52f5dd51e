import type { Context } from 'hono';
import { Hono } from 'hono';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../core/i18n/language.ts';
import { AnalyseInput, ChatInput, ConversationFilesFields } from '../../../core/mentor/mentor-schema.ts';
import { type StrategyDraft, StrategyDraftInput } from '../../../core/mentor/strategy-draft.ts';
import { type TaskDraft, TaskDraftInput } from '../../../core/mentor/task-draft.ts';
import { buildMentorContext } from '../../ai/context/build-context.ts';
import { CONTEXT_SOURCES } from './context-sources.ts';
import { draftStrategy } from '../../ai/strategy-draft.ts';
import { draftTask } from '../../ai/task-draft.ts';
import { mentorModelFor } from '../../ai/mentor-model.ts';
import type { Drafted } from '../../ai/structured-draft.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { requireAiAllowed } from '../ai-consent/index.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { isMultipart, parseForm, uploadLimit } from '../ai-context/index.ts';
import { analyseConversation } from './analyse.ts';
import { addConversationFiles } from './conversation-files.ts';
import { startChat } from './chat.ts';
import { type ConversationSummary, deleteConversation, getConversation, listConversations } from './conversations.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { recordActivity } from '../gamification/index.ts';
import { documented, jsonBody, readsBody } from '../../http/route-doc.ts';

/** POST /api/mentor/task-draft: a task for the Tasks form to fill in, and who wrote it. */
export type TaskDrafted = Drafted<TaskDraft>;
/** POST /api/mentor/strategy-draft: a strategy for the builder to fill in, and who wrote it. */
export type StrategyDrafted = Drafted<StrategyDraft>;
/** GET /api/mentor/status: whether the offline mentor answers (no AI provider configured). */
export type MentorStatus = { offline: boolean };
/** GET /api/mentor/conversations: the founder's conversations, newest first. */
export type Conversations = { conversations: ConversationSummary[] };

const asLanguage = (value: string | null | undefined): Language => (LANGUAGES.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE);

/** The text fields of a chat upload: the UI language names the context entry. */

/** Files into a conversation (`:id`), or into a new one when there is no id yet. */
async function uploadIntoConversation(c: Context<AppBindings>, conversationId: string | null) {
  const { db } = c.get('deps');
  const userId = c.get('user').id;
  // The files are for the mentor: the same consent and preference as asking it.
  const profile = await requireAiAllowed(db, userId);
  if (!isMultipart(c)) throw new AppError('VALIDATION_FAILED', { message: 'Choose a file to upload', details: [{ field: 'files', message: 'validation:request.chooseFile' }] });
  const { fields, files } = await parseForm(c, ConversationFilesFields);
  const result = await addConversationFiles(
    {
      db,
      storage: storageFor(c.get('deps')),
      userId,
      language: fields.language ?? asLanguage(profile.preferredLanguage),
      extract: { timeLimitMs: c.get('deps').env.fileTextTimeLimitMs },
    },
    conversationId,
    files,
  );
  return c.json(result, 201);
}

/**
 * The mentor (docs/mentor.md). Chat needs AI consent and the AI
 * assistance preference; reading and deleting past conversations does not (they are the
 * founder's own records). Every call to a model counts against the AI limit (docs/product.md#rate-limits).
 */
export const mentorRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .post(
    '/chat',
    documented({ summary: 'Ask the mentor; streams the AI SDK UI message stream (403 AI_CONSENT_REQUIRED / AI_DISABLED)', tag: 'ai' }),
    rateLimit('aiRequest'),
    jsonBody(ChatInput),
    async (c) => {
      const { db, env, logger } = c.get('deps');
      const userId = c.get('user').id;
      const input = c.req.valid('json');
      const profile = await requireAiAllowed(db, userId);
      // Talking with the mentor is a day of work on the startup: it counts for the streak.
      await recordActivity(db, userId);
      return startChat({ db, logger, userId, model: mentorModelFor(env), language: input.language ?? asLanguage(profile.preferredLanguage), abortSignal: c.req.raw.signal }, input);
    },
  )
  .post(
    '/conversations/:id/analyse',
    documented({ summary: 'Turn a conversation into insights saved as an AI context entry', tag: 'ai' }),
    rateLimit('aiRequest'),
    jsonBody(AnalyseInput),
    async (c) => {
      const { db, env, logger } = c.get('deps');
      const userId = c.get('user').id;
      const input = c.req.valid('json');
      const profile = await requireAiAllowed(db, userId);
      const result = await analyseConversation(
        {
          db,
          logger,
          userId,
          storage: storageFor(c.get('deps')),
          model: mentorModelFor(env),
          language: input.language ?? asLanguage(profile.preferredLanguage),
        },
        c.req.param('id'),
      );
      return c.json(result, 201);
    },
  )
  .post('/task-draft', documented({ summary: 'A task draft for the Tasks form (model or playbook)', tag: 'ai' }), rateLimit('aiRequest'), jsonBody(TaskDraftInput), async (c) => {
    const { db, env } = c.get('deps');
    const userId = c.get('user').id;
    const input = c.req.valid('json');
    const profile = await requireAiAllowed(db, userId);
    const context = await buildMentorContext({ db, userId, question: input.focus ?? '', sources: CONTEXT_SOURCES });
    const language = input.language ?? asLanguage(profile.preferredLanguage);
    return c.json((await draftTask({ model: mentorModelFor(env), context, language, focus: input.focus })) satisfies TaskDrafted);
  })
  .post(
    '/strategy-draft',
    documented({ summary: 'A strategy suggestion for the Strategy builder: core problem, maximas, statement (model or playbook)', tag: 'ai' }),
    rateLimit('aiRequest'),
    jsonBody(StrategyDraftInput),
    async (c) => {
      const { db, env } = c.get('deps');
      const userId = c.get('user').id;
      const input = c.req.valid('json');
      const profile = await requireAiAllowed(db, userId);
      const context = await buildMentorContext({ db, userId, question: input.coreProblem ?? '', sources: CONTEXT_SOURCES });
      const language = input.language ?? asLanguage(profile.preferredLanguage);
      return c.json((await draftStrategy({ model: mentorModelFor(env), context, language, own: input })) satisfies StrategyDrafted);
    },
  )
  .post(
    '/conversations/files',
    documented({ summary: 'Upload files (multipart: files, language) into a new conversation; stored as an AI context entry (403 AI_CONSENT_REQUIRED / AI_DISABLED)', tag: 'ai' }),
    readsBody({ 'multipart/form-data': ConversationFilesFields }),
    rateLimit('fileUpload'),
    uploadLimit,
    (c) => uploadIntoConversation(c, null),
  )
  .post(
    '/conversations/:id/files',
    documented({ summary: 'Upload files (multipart: files, language) into a conversation; refused files are listed in skipped, the rest kept', tag: 'ai' }),
    readsBody({ 'multipart/form-data': ConversationFilesFields }),
    rateLimit('fileUpload'),
    uploadLimit,
    (c) => uploadIntoConversation(c, c.req.param('id')),
  )
  // Whether the offline mentor answers: the page says so once, instead of every answer.
  .get('/status', documented({ summary: 'Whether the offline mentor answers (no AI provider configured)', tag: 'ai' }), (c) =>
    c.json({ offline: mentorModelFor(c.get('deps').env) === null } satisfies MentorStatus),
  )
  .get('/conversations', documented({ summary: 'The founder’s conversations, newest first', tag: 'ai' }), async (c) =>
    c.json({ conversations: await listConversations(c.get('deps').db, c.get('user').id) } satisfies Conversations),
  )
  .get('/conversations/:id', documented({ summary: 'One conversation with its messages', tag: 'ai' }), async (c) =>
    c.json(await getConversation(c.get('deps').db, c.get('user').id, c.req.param('id'))),
  )
  .delete('/conversations/:id', documented({ summary: 'Delete a conversation', tag: 'ai' }), async (c) => {
    await deleteConversation(c.get('deps').db, c.get('user').id, c.req.param('id'));
    return c.body(null, 204);
  });
