// In its own file, not inline: the Content-Security-Policy allows only scripts from our origin.
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
