/**
 * The pages a fresh install starts with, linked from the footer and the register screen's policies. Site owners
 * edit or delete them like any other page; they are inserted once, by a migration, so a deleted one stays gone.
 */
export const DEFAULT_PAGES = [
  {
    title: 'Privacy policy',
    slug: 'privacy-policy',
    meta_description: 'How this site collects, uses and protects your personal data.',
    body: `<h2>What we collect</h2>
<p>When you create an account we keep your email address, your display name and the settings you choose. When you listen, we record plays so we can show charts, your history and recommendations.</p>
<h2>How we use it</h2>
<p>We use your data to run the service: signing you in, remembering your library and playlists, and sending the emails you ask for (password resets, address verification). We do not sell personal data.</p>
<h2>Cookies</h2>
<p>We use cookies to keep you signed in, to protect forms against cross-site request forgery and to remember your theme and language.</p>
<h2>Your rights</h2>
<p>You can download or delete your account from your account settings at any time. For anything else, <a href="/contact">contact us</a>.</p>`,
  },
  {
    title: 'Terms of service',
    slug: 'terms-of-service',
    meta_description: 'The rules for using this site and its music player.',
    body: `<h2>Using the service</h2>
<p>You may stream the music on this site for personal, non-commercial listening. Keep your password to yourself; you are responsible for what happens in your account.</p>
<h2>Your content</h2>
<p>Playlists, comments and uploads you add remain yours. You confirm you have the right to share them, and you give us permission to show them on the site.</p>
<h2>Ending your account</h2>
<p>You can delete your account at any time. We may suspend accounts that break these terms or the law.</p>
<h2>Changes</h2>
<p>We may update these terms; we will say so on this page. Questions? <a href="/contact">Contact us</a>.</p>`,
  },
  {
    title: 'About us',
    slug: 'about-us',
    meta_description: 'Who runs this music streaming site and why.',
    body: `<h2>Music for everyone</h2>
<p>We built this site so independent artists and listeners can meet: stream full albums, follow the artists you love and share playlists with friends.</p>
<p>Have an idea or found a problem? <a href="/contact">Send us a message</a>.</p>`,
  },
] as const;
