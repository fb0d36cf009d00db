import type { Texts } from '../types';
import type { chat as nbChat } from '../nb/chat';

/** The team chat’s texts in English. */
export const chat: Texts<typeof nbChat> = {
  loadingChat: 'Fetching the team chat …',
  title: 'Team chat',
  titleOf: 'Team chat – {{name}}',
  toClubs: 'To the clubs',
  toClub: 'To the club',
  offline: 'The connection is lost. Messages that arrive meanwhile show when it is back.',
  backOnline: 'Connected again. You have everything that came while you were offline.',
  messages: 'Messages',
  loadingMessages: 'Fetching messages …',
  start: 'The start of the conversation',
  empty: 'No messages yet. Say hello!',
  older: 'Show older messages',
  edited: 'edited',
  deleted: 'The message has been deleted.',
  editLabel: 'Edit the message',
  save: 'Save',
  cancel: 'Cancel',
  confirmDelete: 'Delete the message?',
  yesDelete: 'Yes, delete',
  no: 'No',
  edit: 'Edit',
  delete: 'Delete',
  write: 'Write a message',
  writePlaceholder: 'Write a message …',
  send: 'Send',
  keys: 'Enter sends, Shift+Enter makes a new line.',
  keysTouch: 'Enter sends the message.',
  unread: 'unread messages',
};
