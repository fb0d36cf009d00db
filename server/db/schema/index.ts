export * from './tenancy';
export * from './users';
export * from './auth';
export * from './organizations';
export * from './courses';
export * from './rounds';
export * from './bus';
export * from './tournaments';
