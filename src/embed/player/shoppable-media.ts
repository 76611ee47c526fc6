import { LitElement, html } from 'lit';

export class ShoppableMedia extends LitElement {
  override render() {
    return html`<p>shoppable media</p>`;
  }
}
if (!customElements.get('shoppable-media')) customElements.define('shoppable-media', ShoppableMedia);
