// Side-effect stylesheet imports (`import '@mantine/core/styles.css'`) are bundled by the brand apps' Vite;
// this tells TypeScript they exist, since this package does not use Vite's client types.
declare module '*.css';
