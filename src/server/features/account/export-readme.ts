import type { Language } from '../../../core/i18n/language.ts';

/**
 * The README.txt at the top of the data export, in the founder's language: what each
 * file holds and how to read it back (decision 196).
 */
const README: Record<Language, (exportedAt: string) => string> = {
  en: (exportedAt) =>
    [
      'Your Rumbo data',
      `Exported ${exportedAt} (UTC).`,
      '',
      'profile.json            Your profile: name, startup, onboarding answers, preferences and account dates.',
      'metrics.csv             Your weekly metrics, one row per week, in the format Metrics > Import CSV accepts.',
      'tasks.json              Your tasks (active and done), with their hypotheses, targets, ICE scores and results.',
      'strategy-versions.json  Every version of your strategy you saved, oldest first.',
      'ai-context.json         Your AI context entries, with the list of their files.',
      'ai-context-files/       The files of those entries, as you uploaded them (one folder per entry).',
      'conversations.json      Your conversations with the mentor, each with its messages in order.',
      '',
      'The .json files are UTF-8 text; dates are ISO 8601 in UTC.',
      '',
    ].join('\r\n'),
  'es-LA': (exportedAt) =>
    [
      'Tus datos de Rumbo',
      `Exportados el ${exportedAt} (UTC).`,
      '',
      'profile.json            Tu perfil: nombre, startup, respuestas del onboarding, preferencias y fechas de la cuenta.',
      'metrics.csv             Tus métricas semanales, una fila por semana, en el formato que acepta Métricas > Importar CSV.',
      'tasks.json              Tus tareas (activas y terminadas), con sus hipótesis, metas, puntajes ICE y resultados.',
      'strategy-versions.json  Cada versión de tu estrategia que guardaste, de la más antigua a la más reciente.',
      'ai-context.json         Tus entradas de contexto para la IA, con la lista de sus archivos.',
      'ai-context-files/       Los archivos de esas entradas, tal como los subiste (una carpeta por entrada).',
      'conversations.json      Tus conversaciones con el mentor, cada una con sus mensajes en orden.',
      '',
      'Los archivos .json son texto UTF-8; las fechas están en ISO 8601 y en UTC.',
      '',
    ].join('\r\n'),
};

export function exportReadme(language: Language, exportedAt: Date): string {
  return README[language](exportedAt.toISOString().slice(0, 16).replace('T', ' '));
}
