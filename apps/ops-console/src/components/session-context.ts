import { createContext, useContext } from 'react';

/** Who is signed in, and how to sign out (the gate provides it). */
export interface ConsoleSession {
  username: string;
  logout?: () => void;
  logoutLabel?: string;
}

export const ConsoleSessionContext = createContext<ConsoleSession>({ username: '' });

export const useConsoleSession = () => useContext(ConsoleSessionContext);
