// pdfjs-dist ships no types for its worker bundle; test-app.ts only loads it (for its side effect) before the freeze.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
