import { createContext, useContext } from 'react';

/** Who is signed in, and how to sign out (the gate provides it). */
export interface ConsoleSession {
  username: string;
  logout?: () => void;
  logoutLabel?: string;
  /**
   * Changes the password (current password, new one, a code): on success the console continues on the new session
   * the server answered (every other one of the account ended). Answers the server's message on a refusal, null
   * on success. A refusal never signs out here (a mistyped current password is not an ended session).
   */
  changePassword?: (input: { currentPassword: string; newPassword: string; code: string }) => Promise<string | null>;
}

export const ConsoleSessionContext = createContext<ConsoleSession>({ username: '' });

export const useConsoleSession = () => useContext(ConsoleSessionContext);
