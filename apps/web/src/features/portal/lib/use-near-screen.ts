import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come within reach of the screen (once true, stays true). Heavy parts
 * of a public page (ECharts, antd's form code) load only then, so its first load stays light.
 */
export function useNearScreen<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
