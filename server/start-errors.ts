import { errorChain } from './error-chain';
import type { Config } from './config';

/**
 * What went wrong at start, as one line an operator can act on: the busy port, the database that does not
 * answer, the data folder that cannot be written. Operator messages are English, as the configuration
 * errors are (the app's users read Norwegian; the console's reader may not).
 */
export function describeStartError(thrown: unknown, config: Config): string {
  // drizzle wraps the driver's error: what happened is the first code down the chain.
  const error = errorChain(thrown).find((e) => typeof e.code === 'string') ?? thrown;
  const code = (error as { code?: unknown } | null)?.code;
  const where = config.databaseUrl ? `the database at ${redactedUrl(config.databaseUrl)}` : null;
  switch (code) {
    case 'EADDRINUSE':
      return `Cannot start: port ${config.port} is already in use. Stop the program that uses it, or set PORT to a free port.`;
    case 'EACCES':
    case 'EPERM':
      return (error as { syscall?: string }).syscall === 'listen'
        ? `Cannot start: no permission to listen on port ${config.port}. Set PORT to 1024 or above.`
        : `Cannot start: no permission to write ${(error as { path?: string }).path ?? config.dataDir}. Set DATA_DIR to a folder this user can write.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
      if (where)
        return `Cannot start: ${where} does not answer (${code}). Check DATABASE_URL and that PostgreSQL is running.`;
      break;
    case '28P01':
    case '28000':
      if (where) return `Cannot start: ${where} refused the user or password. Check DATABASE_URL.`;
      break;
    case '3D000':
      if (where) return `Cannot start: ${where} does not exist. Create it, or fix DATABASE_URL.`;
      break;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Cannot start: ${message.split('\n', 1)[0]}`;
}

/** A database address without its password, fit for a console. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
