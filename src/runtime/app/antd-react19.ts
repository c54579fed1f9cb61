/**
 * antd 5 renders `message`, `notification`, `Modal.confirm` and the click wave through
 * ReactDOM.render, which React 19 removed; this registers createRoot instead
 * (the same as @ant-design/v5-patch-for-react-19).
 */
import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __fcRoot?: Root };

let installed = false;

/** Installs the React 19 render function for antd (call once before rendering). */
export function installAntdReact19Shim(): void {
  if (installed) return;
  installed = true;
  unstableSetRender((node, container) => {
    const c = container as Container;
    c.__fcRoot ??= createRoot(c);
    const root = c.__fcRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete c.__fcRoot;
    };
  });
}
