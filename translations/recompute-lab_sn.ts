<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="sn">
<context>
    <name>AnswerChart</name>
    <message>
        <source>%1 (predicted)</source>
        <translation>%1 (zvakafungidzirwa)</translation>
    </message>
</context>
<context>
    <name>AnswerView</name>
    <message>
        <source>GFLOP</source>
        <translation>GFLOP</translation>
    </message>
    <message>
        <source>MFLOP</source>
        <translation>MFLOP</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 kept %2 of activations at the step&apos;s peak.</source>
        <translation>%1 yakachengeta %2 yema-activation pa-nhongonya yedanho.</translation>
    </message>
    <message>
        <source>%1: %2 of %3 at the step&apos;s peak.</source>
        <translation>%1: %2 ye-%3 pa-nhongonya yedanho.</translation>
    </message>
    <message>
        <source>%1 kept %2 of activations at the step&apos;s peak, %3 of %4&apos;s %5.</source>
        <translation>%1 yakachengeta %2 yema-activation pa-nhongonya yedanho, %3 ye-%5 ye-%4.</translation>
    </message>
    <message>
        <source>%1: %2 of %3 at the step&apos;s peak, %4 of %5&apos;s %6.</source>
        <translation>%1: %2 ye-%3 pa-nhongonya yedanho, %4 ye-%6 ye-%5.</translation>
    </message>
    <message>
        <source>%1 recomputed nothing.</source>
        <translation>%1 haina kuverengazve chinhu.</translation>
    </message>
    <message>
        <source>%1 recomputed %2 a step.</source>
        <translation>%1 yakaverengazve %2 padanho.</translation>
    </message>
    <message>
        <source>%1 recomputed %2 a step, %3 of a forward pass.</source>
        <translation>%1 yakaverengazve %2 padanho, %3 ye-forward pass.</translation>
    </message>
    <message>
        <source>%1 recomputed %2.</source>
        <translation>%1 yakaverengazve %2.</translation>
    </message>
    <message>
        <source>%1&apos;s step took %2 ms (median, 95% interval %3 to %4).</source>
        <translation>Danho re-%1 rakatora %2 ms (nguva yepakati, interval ye-95% %3 kusvika %4).</translation>
    </message>
    <message>
        <source> What is certain is the work: %1 recomputes %2 more a step, counted.</source>
        <translation> Chinozivikanwa zvechokwadi ibasa: %1 inoverengazve %2 zvakawanda padanho, zvakaverengwa.</translation>
    </message>
    <message>
        <source>%1&apos;s step and %2&apos;s are the same within noise at these sizes (%3 times, 95% interval %4 to %5).</source>
        <translation>Danho re-%1 nere-%2 zvakafanana mukati meruzha pamasaizi aya (×%3, interval ye-95% %4 kusvika %5).</translation>
    </message>
    <message>
        <source>%1&apos;s step took %2 times %3&apos;s (95% interval %4 to %5).</source>
        <translation>Danho re-%1 rakatora ×%2 yedanho re-%3 (interval ye-95% %4 kusvika %5).</translation>
    </message>
    <message>
        <source>%1&apos;s gradients differ from none&apos;s by %2 of the largest gradient.</source>
        <translation>Ma-gradient e-%1 anosiyana neaye-none ne-%2 ye-gradient hombe kupfuura ose.</translation>
    </message>
    <message>
        <source>%1&apos;s loss differs from none&apos;s by %2.</source>
        <translation>Loss ye-%1 inosiyana neye-none ne-%2.</translation>
    </message>
    <message>
        <source>%1&apos;s by %2.</source>
        <translation>Ye-%1 ne-%2.</translation>
    </message>
    <message>
        <source>%1 ms (%2 to %3)</source>
        <translation>%1 ms (%2 kusvika %3)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 recomputed %2 of a forward pass a step.</source>
        <translation>%1 yakaverengazve %2 ye-forward pass padanho.</translation>
    </message>
    <message>
        <source>%1 spent %2 a step copying to and from host memory.</source>
        <translation>%1 yakashandisa %2 padanho ichikopa kuenda nekubva kundangariro ye-host.</translation>
    </message>
    <message>
        <source>At %1: %2</source>
        <translation>Pa-%1: %2</translation>
    </message>
    <message>
        <source>Run the demo: the %1 of each run appears here, measured.</source>
        <translation>Mhanyisa muratidzo: chakayerwa chekumhanya kumwe nekumwe (%1) chichaonekwa pano.</translation>
    </message>
</context>
<context>
    <name>ClusterPanel</name>
    <message>
        <source>Many GPUs: memory per rank</source>
        <translation>Ma-GPU mazhinji: ndangariro pa-rank rimwe nerimwe</translation>
    </message>
    <message>
        <source>The model above trained on a cluster: data, tensor, sequence and pipeline parallelism (1F1B) with ZeRO sharding. Every figure is predicted, per GPU; communication buffers and one op&apos;s temporaries are left out.</source>
        <translation>Modhi iri pamusoro ichidzidziswa pa-cluster: data, tensor, sequence ne-pipeline parallelism (1F1B) ine sharding ye-ZeRO. Nhamba imwe neimwe yakafungidzirwa, pa-GPU imwe neimwe; ma-buffer ekutaurirana nezvechinguva zve-op imwe hazvina kuverengerwa.</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>Ma-GPU pa-node</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Ma-node</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>Data parallel</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Tensor parallel</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>Sequence parallelism</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translation>Ma-stage e-pipeline</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>Ma-stage e-virtual</translation>
    </message>
    <message>
        <source>Micro-batches</source>
        <translation>Ma-micro-batch</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>0: nothing sharded</source>
        <translation>0: hapana chakapatsanurwa</translation>
    </message>
    <message>
        <source>1: optimizer state</source>
        <translation>1: mamiriro e-optimizer</translation>
    </message>
    <message>
        <source>2: + gradients</source>
        <translation>2: + ma-gradient</translation>
    </message>
    <message>
        <source>3: + parameters (FSDP)</source>
        <translation>3: + ma-parameter (FSDP)</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Policy</translation>
    </message>
    <message>
        <source>Copy config</source>
        <translation>Kopa marongero</translation>
    </message>
    <message>
        <source>Data parallel × tensor parallel × pipeline stages is %1 GPUs, but nodes × GPUs per node is %2: make them equal.</source>
        <translation>Data parallel × tensor parallel × ma-stage e-pipeline = ma-GPU %1, asi ma-node × ma-GPU pa-node = %2: zviite zvakaenzana.</translation>
    </message>
    <message>
        <source>Tensor parallel %1 is more than the %2 GPUs of one node: its all-reduces would cross nodes, so keep it within one.</source>
        <translation>Tensor parallel %1 yakawanda kupfuura ma-GPU %2 e-node imwe: ma-all-reduce ayo aizoyambuka ma-node, saka irambe iri mu-node imwe.</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>inokwana</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>haikwani</translation>
    </message>
    <message>
        <source>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU, which %4 the %5 GiB budget.</source>
        <translation>Zvakafungidzirwa ne-%1: rank %2 re-pipeline rine nhongonya ye-%3 GiB pa-GPU: policy iyi %4 mubhajeti ye-%5 GiB.</translation>
    </message>
    <message numerus="yes">
        <source>With one pipeline stage every rank holds the same: %n micro-batch(es) of activations at a time.</source>
        <translation>
            <numerusform>Ne-stage rimwe re-pipeline rank rimwe nerimwe rinochengeta zvakafanana: ma-activation e-micro-batch %n panguva imwe.</numerusform>
            <numerusform>Ne-stage rimwe re-pipeline rank rimwe nerimwe rinochengeta zvakafanana: ma-activation ema-micro-batch %n panguva imwe.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last stage peaks: the output layer and the loss keep their tensors for a micro-batch, more than the first stage&apos;s %n micro-batch(es) in flight.</source>
        <translation>
            <numerusform>Stage rekupedzisira ndiro rine nhongonya: layer rekubuda ne-loss zvinochengeta ma-tensor azvo e-micro-batch, zvinopfuura micro-batch %n iri mukufamba pa-stage rekutanga.</numerusform>
            <numerusform>Stage rekupedzisira ndiro rine nhongonya: layer rekubuda ne-loss zvinochengeta ma-tensor azvo e-micro-batch, zvinopfuura ma-micro-batch %n ari mukufamba pa-stage rekutanga.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first stage peaks: under 1F1B it holds %n micro-batch(es) of its layers in flight, the most of any stage.</source>
        <translation>
            <numerusform>Stage rekutanga ndiro rine nhongonya: pasi pe-1F1B rinochengeta micro-batch %n yema-layer ayo iri mukufamba, kupfuura rimwe stage ripi neripi.</numerusform>
            <numerusform>Stage rekutanga ndiro rine nhongonya: pasi pe-1F1B rinochengeta ma-micro-batch %n ema-layer ayo ari mukufamba, kupfuura rimwe stage ripi neripi.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This stage holds %n micro-batch(es) of its layers in flight.</source>
        <translation>
            <numerusform>Stage iri rinochengeta micro-batch %n yema-layer ayo iri mukufamba.</numerusform>
            <numerusform>Stage iri rinochengeta ma-micro-batch %n ema-layer ayo ari mukufamba.</numerusform>
        </translation>
    </message>
    <message>
        <source>cheapest that fits</source>
        <translation>inokwana yakachipa kupfuura dzose</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1 (haikwani)</translation>
    </message>
    <message>
        <source>No policy could be planned.</source>
        <translation>Hapana policy yakarongeka.</translation>
    </message>
    <message>
        <source>Configs: no plan while the fields above cannot be planned.</source>
        <translation>Marongero: hapana hurongwa kana minda iri pamusoro isingarongeki.</translation>
    </message>
    <message>
        <source>No policy fits this budget on this cluster.</source>
        <translation>Hapana policy inokwana bhajeti iyi pa-cluster iyi.</translation>
    </message>
    <message>
        <source>Predicted memory a GPU, GiB, by pipeline rank (%1)</source>
        <translation>Ndangariro yakafungidzirwa pa-GPU, GiB, ne-rank re-pipeline (%1)</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Ma-parameter</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Ma-gradient</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>Mamiriro e-optimizer</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Ma-activation</translation>
    </message>
    <message>
        <source>Recompute workspace</source>
        <translation>Nzvimbo yekuverengazve</translation>
    </message>
    <message>
        <source>rank %1 (peak)</source>
        <translation>rank %1 (nhongonya)</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>GiB, predicted</source>
        <translation>GiB, zvakafungidzirwa</translation>
    </message>
    <message>
        <source>Configs for %1 on this cluster (the plan above, predicted). Each says what it needs in its first lines.</source>
        <translation>Marongero e-%1 pa-cluster iyi (hurongwa huri pamusoro, hwakafungidzirwa). Rimwe nerimwe rinotaura zvarinoda mumitsara yaro yekutanga.</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>PyTorch (FSDP2)</source>
        <translation>PyTorch (FSDP2)</translation>
    </message>
    <message>
        <source>Needs %1.</source>
        <translation>Inoda %1.</translation>
    </message>
    <message>
        <source>budget a GPU</source>
        <translation>bhajeti pa-GPU</translation>
    </message>
</context>
<context>
    <name>ContentLibrary</name>
    <message>
        <source>%1 has no quizzes folder; a quiz pack is a folder holding quizzes/, guides/ and demos/.</source>
        <translation>%1 haina forodha inonzi quizzes; pakeji yebvunzo iforodha ine quizzes/, guides/ ne-demos/.</translation>
    </message>
    <message>
        <source>%1 is neither a folder nor a pack archive; a quiz pack is a folder holding quizzes/, guides/ and demos/, or a .zip, .tar, .tar.gz or .tgz file of one.</source>
        <translation>%1 haisi forodha kana faira repakeji; pakeji yebvunzo iforodha ine quizzes/, guides/ ne-demos/, kana faira re-.zip, .tar, .tar.gz kana .tgz rine forodha yakadaro.</translation>
    </message>
</context>
<context>
    <name>ContentText</name>
    <message>
        <source>Not translated yet: shown in English.</source>
        <translation>Hazvisati zvashandurwa: zvinoratidzwa muChirungu.</translation>
    </message>
    <message>
        <source>%1, question %2</source>
        <translation>“%1”, mubvunzo %2</translation>
    </message>
    <message>
        <source>See also: %1</source>
        <translation>Ona zvakare: %1</translation>
    </message>
</context>
<context>
    <name>DemoClaims</name>
    <message>
        <source>peak activation memory</source>
        <translation>nhongonya yendangariro yema-activation</translation>
    </message>
    <message>
        <source>peak total memory</source>
        <translation>nhongonya yendangariro yose</translation>
    </message>
    <message>
        <source>recompute FLOPs</source>
        <translation>ma-FLOP ekuverengazve</translation>
    </message>
    <message>
        <source>recompute FLOPs as a share of the forward pass</source>
        <translation>ma-FLOP ekuverengazve sechikamu che-forward pass</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>nguva yedanho</translation>
    </message>
    <message>
        <source>gradient error relative to the largest gradient</source>
        <translation>kukanganisa kwema-gradient kuenzaniswa ne-gradient hombe kupfuura ose</translation>
    </message>
    <message>
        <source>loss difference from none</source>
        <translation>musiyano we-loss ne-none</translation>
    </message>
    <message>
        <source>copy time to and from the host</source>
        <translation>nguva yekukopa kuenda nekubva ku-host</translation>
    </message>
    <message>
        <source>%1 MFLOP</source>
        <translation>%1 MFLOP</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 ms [%2, %3]</source>
        <translation>%1 ms [%2, %3]</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 of %2 below %3%4</source>
        <translation>%1 (%2): pasi pe-%3%4</translation>
    </message>
    <message>
        <source>%1 of %2 above %3%4</source>
        <translation>%1 (%2): pamusoro pe-%3%4</translation>
    </message>
    <message>
        <source>%1 of %2 equal to %3</source>
        <translation>%1 (%2): zvakaenzana ne-%3</translation>
    </message>
    <message>
        <source>%1 of %2 at most %3</source>
        <translation>%1 (%2): kusvika %3 chete</translation>
    </message>
    <message>
        <source>%1 of %2 at least %3</source>
        <translation>%1 (%2): %3 kana kupfuura</translation>
    </message>
    <message>
        <source>%1 of %2 grows as %3^%4</source>
        <translation>%1 (%2): kukura se-(%3)^%4</translation>
    </message>
    <message>
        <source>%1 of %2 within its budget</source>
        <translation>%1 (%2): mukati mebhajeti</translation>
    </message>
    <message>
        <source>%1 of %2 as the predictor said</source>
        <translation>%1 (%2): sezvakafungidzirwa</translation>
    </message>
    <message>
        <source> (at %1 = %2)</source>
        <translation> (pa-%1 = %2)</translation>
    </message>
    <message>
        <source>%1: time %2%, counted FLOPs %3%</source>
        <translation>%1: nguva %2%, ma-FLOP akaverengwa %3%</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>bhajeti</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>zvakafungidzirwa</translation>
    </message>
    <message>
        <source>fitted exponent %1</source>
        <translation>exponent inokodzera zvakayerwa: %1</translation>
    </message>
    <message>
        <source>Holds in this run:</source>
        <translation>Zvaita mukumhanya uku:</translation>
    </message>
    <message>
        <source>Does not hold at these sizes:</source>
        <translation>Hazviiti pasaizi idzi:</translation>
    </message>
    <message>
        <source>Same within noise:</source>
        <translation>Zvakafanana mukati meruzha:</translation>
    </message>
    <message>
        <source>%1× [%2, %3] (paired steps)</source>
        <translation>%1× [%2, %3] (matanho akaenzaniswa maviri-maviri)</translation>
    </message>
    <message>
        <source>%1: %2 MiB a step, copied in %3 ms (measured); over PCIe 4.0 x16 at about 25 GB/s, %4 ms (predicted)</source>
        <translation>%1: %2 MiB padanho, zvakakopwa mu-%3 ms (zvakayerwa); pa-PCIe 4.0 x16 (anenge 25 GB/s), %4 ms (zvakafungidzirwa)</translation>
    </message>
    <message>
        <source>%1: time the same within noise, counted FLOPs %2%</source>
        <translation>%1: nguva yakafanana mukati meruzha, ma-FLOP akaverengwa %2%</translation>
    </message>
    <message>
        <source>%1 of %2 hold</source>
        <translation>zvaita %1 kubva pa-%2</translation>
    </message>
    <message>
        <source>same within noise: %1</source>
        <translation>zvakafanana mukati meruzha: %1</translation>
    </message>
    <message>
        <source>do not hold at these sizes: %1</source>
        <translation>hazviiti pasaizi idzi: %1</translation>
    </message>
    <message>
        <source>What this run shows: %1</source>
        <translation>Zvinoratidzwa nekumhanya uku: %1</translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation>bhajeti %1</translation>
    </message>
    <message>
        <source>%1 of every budget run within its budget</source>
        <translation>%1 yekumhanya kwega kwega kune bhajeti iri mukati mebhajeti yakwo</translation>
    </message>
    <message>
        <source>%1 falls as the budget grows</source>
        <translation>%1 inoderera bhajeti painokura</translation>
    </message>
    <message>
        <source>%1: no named policy below the budget frontier</source>
        <translation>%1: hapana policy ine zita iri pasi pemuganhu wekumhanya kune bhajeti</translation>
    </message>
    <message>
        <source>%1 of %2 not below the budget frontier</source>
        <translation>%1 ye-%2 haisi pasi pemuganhu wekumhanya kune bhajeti</translation>
    </message>
    <message>
        <source>%1 + offload</source>
        <translation>%1 + offload</translation>
    </message>
</context>
<context>
    <name>DemoEstimate</name>
    <message>
        <source>About %1 s (an estimate: the predicted FLOPs at the speed this machine measured in earlier runs).</source>
        <translation>Anenge %1 s (fungidziro: ma-FLOP akafungidzirwa pakumhanya kwakayerwa nemuchina uyu mukumhanya kwakapfuura).</translation>
    </message>
    <message>
        <source>This run takes about %1 s at these sizes. Press Run again to start it, or choose smaller sizes.</source>
        <translation>Pamasaizi aya kumhanya uku kuchatora anenge %1 s. Dzvanya Mhanyisa zvakare kuti kutange, kana kuti sarudza masaizi madiki.</translation>
    </message>
    <message>
        <source>This machine is busy: the run had %1% of its processor time, so its times are longer and noisier.</source>
        <translation>Muchina uyu une basa rakawanda: kumhanya kwakawana %1% chete chenguva yepurosesa, saka nguva dzakwo dzakareba uye dzinosiyana-siyana.</translation>
    </message>
</context>
<context>
    <name>DemoExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Hazvina kukwanisa kunyora %1: %2</translation>
    </message>
    <message>
        <source>Choose a file name ending in .csv, .json, .trace.json or .pickle.</source>
        <translation>Sarudza zita refaira rinopera ne-.csv, .json, .trace.json kana .pickle.</translation>
    </message>
</context>
<context>
    <name>DemoLedger</name>
    <message>
        <source>LayerNorm 1 input</source>
        <translation>input ye-LayerNorm 1</translation>
    </message>
    <message>
        <source>QKV matmul input</source>
        <translation>input yekuwanza kwe-matrix kwe-QKV</translation>
    </message>
    <message>
        <source>Q and K for QK^T (4sbh), V for attention over values (2sbh)</source>
        <translation>Q ne-K zve-QK^T (4sbh), V ye-attention pamusoro pema-value (2sbh)</translation>
    </message>
    <message>
        <source>softmax output</source>
        <translation>output ye-softmax</translation>
    </message>
    <message>
        <source>softmax dropout mask</source>
        <translation>mask ye-dropout ye-softmax</translation>
    </message>
    <message>
        <source>softmax dropout output (attention over values input)</source>
        <translation>output ye-dropout ye-softmax (input ye-attention pamusoro pema-value)</translation>
    </message>
    <message>
        <source>linear projection input</source>
        <translation>input ye-linear projection</translation>
    </message>
    <message>
        <source>attention dropout mask</source>
        <translation>mask ye-dropout ye-attention</translation>
    </message>
    <message>
        <source>LayerNorm 2 input</source>
        <translation>input ye-LayerNorm 2</translation>
    </message>
    <message>
        <source>fc1 input</source>
        <translation>input ye-fc1</translation>
    </message>
    <message>
        <source>GeLU input</source>
        <translation>input ye-GeLU</translation>
    </message>
    <message>
        <source>fc2 input</source>
        <translation>input ye-fc2</translation>
    </message>
    <message>
        <source>MLP dropout mask</source>
        <translation>mask ye-dropout ye-MLP</translation>
    </message>
    <message>
        <source>block input: the residual stream (LayerNorm 1 input)</source>
        <translation>input ye-block: residual stream (input ye-LayerNorm 1)</translation>
    </message>
    <message>
        <source>block input: the embedding&apos;s output (LayerNorm 1 input)</source>
        <translation>input ye-block: output ye-embedding (input ye-LayerNorm 1)</translation>
    </message>
    <message>
        <source>LayerNorm 1 output (QKV input)</source>
        <translation>output ye-LayerNorm 1 (input ye-QKV)</translation>
    </message>
    <message>
        <source>queries, keys and values</source>
        <translation>ma-query, ma-key nema-value</translation>
    </message>
    <message>
        <source>attention probabilities (softmax output)</source>
        <translation>ma-probability e-attention (output ye-softmax)</translation>
    </message>
    <message>
        <source>attention probabilities after dropout</source>
        <translation>ma-probability e-attention mushure me-dropout</translation>
    </message>
    <message>
        <source>attention output, heads merged (projection input)</source>
        <translation>output ye-attention, misoro yakabatanidzwa (input ye-projection)</translation>
    </message>
    <message>
        <source>residual stream after attention (LayerNorm 2 input)</source>
        <translation>residual stream mushure me-attention (input ye-LayerNorm 2)</translation>
    </message>
    <message>
        <source>LayerNorm 2 output (fc1 input)</source>
        <translation>output ye-LayerNorm 2 (input ye-fc1)</translation>
    </message>
    <message>
        <source>fc1 output (GELU input)</source>
        <translation>output ye-fc1 (input ye-GELU)</translation>
    </message>
    <message>
        <source>GELU output (fc2 input)</source>
        <translation>output ye-GELU (input ye-fc2)</translation>
    </message>
    <message>
        <source>attention output dropout mask</source>
        <translation>mask ye-dropout ye-output ye-attention</translation>
    </message>
    <message>
        <source>MLP output dropout mask</source>
        <translation>mask ye-dropout ye-output ye-MLP</translation>
    </message>
    <message>
        <source>LayerNorm 1 mean and rstd per row</source>
        <translation>mean ne-rstd ze-LayerNorm 1 pamutsara wega wega</translation>
    </message>
    <message>
        <source>LayerNorm 2 mean and rstd per row</source>
        <translation>mean ne-rstd ze-LayerNorm 2 pamutsara wega wega</translation>
    </message>
    <message>
        <source>the last block&apos;s output (final LayerNorm input)</source>
        <translation>output ye-block rekupedzisira (input ye-LayerNorm yekupedzisira)</translation>
    </message>
    <message>
        <source>final LayerNorm output (head input)</source>
        <translation>output ye-LayerNorm yekupedzisira (input ye-head)</translation>
    </message>
    <message>
        <source>final LayerNorm mean and rstd per row</source>
        <translation>mean ne-rstd ze-LayerNorm yekupedzisira pamutsara wega wega</translation>
    </message>
    <message>
        <source>softmax probabilities over the vocabulary</source>
        <translation>ma-probability e-softmax pahuwandu hwemazwi</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>LayerNorm statistics (mean, rstd; not in the paper)</source>
        <translation>nhamba dze-LayerNorm (mean, rstd; hadzisi mupepa)</translation>
    </message>
    <message>
        <source>rebuilt for backward (recompute workspace)</source>
        <translation>zvakavakwazve ze-backward pass (nzvimbo yekushandira yekuverengazve)</translation>
    </message>
    <message>
        <source>head and loss (outside the per-layer formula)</source>
        <translation>head ne-loss (kunze kwe-formula ye-layer rimwe nerimwe)</translation>
    </message>
    <message>
        <source>%1, widened to fp32 for backward</source>
        <translation>%1, yakawedzerwa kusvika fp32 ye-backward pass</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>inochengetwa</translation>
    </message>
    <message>
        <source>recomputed</source>
        <translation>inoverengwazve</translation>
    </message>
    <message>
        <source>offloaded</source>
        <translation>yakatamisirwa</translation>
    </message>
    <message>
        <source>widened</source>
        <translation>yakawedzerwa</translation>
    </message>
    <message>
        <source>The paper per layer (predicted, 16-bit values, 1-byte masks): %1 = %2 = %3 bytes; × %4 layers = %5.</source>
        <translation>Pepa, pa-layer rimwe nerimwe (zvakafungidzirwa, ma-value e-16-bit, ma-mask e-byte 1): %1 = %2 = ma-byte %3; × ma-layer %4 = %5.</translation>
    </message>
    <message>
        <source>The paper counts this plan&apos;s kept tensors as %1 over %2 layers (predicted, 16-bit values, 1-byte masks).</source>
        <translation>Pepa rinoverenga ma-tensor anochengetwa nehurongwa uhu se-%1 pama-layer %2 (zvakafungidzirwa, ma-value e-16-bit, ma-mask e-1 byte).</translation>
    </message>
    <message>
        <source>Measured here: the blocks keep %1 (fp32 values, masks regenerated, LayerNorm statistics kept).</source>
        <translation>Zvakayerwa pano: ma-block anochengeta %1 (ma-value e-fp32, ma-mask anogadzirwazve, nhamba dze-LayerNorm dzinochengetwa).</translation>
    </message>
    <message>
        <source>the peak (predicted)</source>
        <translation>nhongonya (zvakafungidzirwa)</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>block %1</translation>
    </message>
    <message>
        <source>the head</source>
        <translation>head</translation>
    </message>
    <message>
        <source>%1 of %2, op %3 (measured)</source>
        <translation>%1 ye-%2, op %3 (zvakayerwa)</translation>
    </message>
    <message>
        <source>offload what this policy keeps to host memory</source>
        <translation>kutamisira zvinochengetwa ne-policy iyi kundangariro ye-host</translation>
    </message>
    <message>
        <source>keep only the matmul outputs: recompute attention probabilities, LayerNorm and GELU in backward</source>
        <translation>kuchengeta ma-output ekuwanza kwe-matrix chete: kuverengazve ma-probability e-attention, LayerNorm ne-GELU mu-backward pass</translation>
    </message>
    <message>
        <source>recompute segments of blocks of the length that keeps least</source>
        <translation>kuverengazve zvikamu zvema-block zvehurefu hunochengeta zvishoma kupfuura zvose</translation>
    </message>
    <message>
        <source>keep only each block&apos;s input and recompute the block</source>
        <translation>kuchengeta input ye-block rimwe nerimwe chete woverengazve block iroro</translation>
    </message>
    <message>
        <source>attention RMSNorm input</source>
        <translation>input ye-RMSNorm ye-attention</translation>
    </message>
    <message>
        <source>wq, wk and wv input</source>
        <translation>input ye-wq, wk ne-wv</translation>
    </message>
    <message>
        <source>Q and K for QK^T, V for attention over values (k = G*dh, the key/value width)</source>
        <translation>Q ne-K ze-QK^T, V ye-attention pamusoro pema-value (k = G*dh, hupamhi hwema-key nema-value)</translation>
    </message>
    <message>
        <source>wo input</source>
        <translation>input ye-wo</translation>
    </message>
    <message>
        <source>MLP RMSNorm input</source>
        <translation>input ye-RMSNorm ye-MLP</translation>
    </message>
    <message>
        <source>w1 and w3 input</source>
        <translation>input ye-w1 ne-w3</translation>
    </message>
    <message>
        <source>SwiGLU inputs</source>
        <translation>ma-input e-SwiGLU</translation>
    </message>
    <message>
        <source>w2 input</source>
        <translation>input ye-w2</translation>
    </message>
    <message>
        <source>block input: the embedding&apos;s output (attention RMSNorm input)</source>
        <translation>input ye-block: output ye-embedding (input ye-RMSNorm ye-attention)</translation>
    </message>
    <message>
        <source>block input: the previous block&apos;s output (attention RMSNorm input)</source>
        <translation>input ye-block: output ye-block rakapfuura (input ye-RMSNorm ye-attention)</translation>
    </message>
    <message>
        <source>attention RMSNorm output (wq, wk and wv input)</source>
        <translation>output ye-RMSNorm ye-attention (input ye-wq, wk ne-wv)</translation>
    </message>
    <message>
        <source>attention RMSNorm rstd per row</source>
        <translation>rstd ye-RMSNorm ye-attention pamutsara wega wega</translation>
    </message>
    <message>
        <source>queries, keys and values, q and k rotated (rotary positions)</source>
        <translation>ma-query, ma-key nema-value; q ne-k zvakatenderedzwa (rotary positions)</translation>
    </message>
    <message>
        <source>attention output, heads merged (wo input)</source>
        <translation>output ye-attention, misoro yakabatanidzwa (input ye-wo)</translation>
    </message>
    <message>
        <source>residual stream after attention (MLP RMSNorm input)</source>
        <translation>residual stream mushure me-attention (input ye-RMSNorm ye-MLP)</translation>
    </message>
    <message>
        <source>MLP RMSNorm output (w1 and w3 input)</source>
        <translation>output ye-RMSNorm ye-MLP (input ye-w1 ne-w3)</translation>
    </message>
    <message>
        <source>MLP RMSNorm rstd per row</source>
        <translation>rstd ye-RMSNorm ye-MLP pamutsara wega wega</translation>
    </message>
    <message>
        <source>w1 and w3 outputs (SwiGLU inputs)</source>
        <translation>ma-output e-w1 ne-w3 (ma-input e-SwiGLU)</translation>
    </message>
    <message>
        <source>SwiGLU output, silu(w1 x) * w3 x (w2 input)</source>
        <translation>output ye-SwiGLU, silu(w1 x) * w3 x (input ye-w2)</translation>
    </message>
    <message>
        <source>the last block&apos;s output (final RMSNorm input)</source>
        <translation>output ye-block rekupedzisira (input ye-RMSNorm yekupedzisira)</translation>
    </message>
    <message>
        <source>final RMSNorm output (head input)</source>
        <translation>output ye-RMSNorm yekupedzisira (input ye-head)</translation>
    </message>
    <message>
        <source>final RMSNorm rstd per row</source>
        <translation>rstd ye-RMSNorm yekupedzisira pamutsara wega wega</translation>
    </message>
    <message>
        <source>softmax logsumexp per row (fused attention)</source>
        <translation>logsumexp ye-softmax pamutsara wega wega (fused attention)</translation>
    </message>
    <message>
        <source>block input: the previous block&apos;s output (LayerNorm 1 input)</source>
        <translation>input ye-block: output ye-block rakapfuura (input ye-LayerNorm 1)</translation>
    </message>
    <message>
        <source>block input: the residual stream (attention RMSNorm input)</source>
        <translation>input ye-block: residual stream (input ye-RMSNorm ye-attention)</translation>
    </message>
    <message>
        <source>RMSNorm statistics (rstd; not in the paper)</source>
        <translation>nhamba dze-RMSNorm (rstd; hadzisi mupepa)</translation>
    </message>
    <message>
        <source>Measured here: the blocks keep %1 (fp32 values, masks regenerated, RMSNorm statistics kept).</source>
        <translation>Zvakayerwa pano: ma-block anochengeta %1 (ma-value e-fp32, ma-mask anogadzirwazve, nhamba dze-RMSNorm dzinochengetwa).</translation>
    </message>
</context>
<context>
    <name>DemoPanel</name>
    <message>
        <source>Choose sizes and press Run.</source>
        <translation>Sarudza saizi wobva wadzvanya Mhanyisa.</translation>
    </message>
    <message>
        <source>&amp;Run demo</source>
        <translation>M&amp;hanyisa</translation>
    </message>
    <message>
        <source>Train the model with each policy and measure memory and time.</source>
        <translation>Dzidzisa modhi ne-policy imwe neimwe uye uyere ndangariro nenguva.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Kanzura</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopa</translation>
    </message>
    <message>
        <source>Copy the results table to the clipboard as tab-separated text.</source>
        <translation>Kopa tafura yemhedzisiro ku-clipboard sechinyorwa chakapatsanurwa nema-tab.</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Tumira kunze…</translation>
    </message>
    <message>
        <source>Demo progress</source>
        <translation>Kufambira mberi kwemuratidzo</translation>
    </message>
    <message>
        <source>Device: %1</source>
        <translation>Mudziyo: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Zvakanzurwa.</translation>
    </message>
    <message>
        <source>No demo for this question.</source>
        <translation>Hapana muratidzo pamubvunzo uyu.</translation>
    </message>
    <message>
        <source>Look for: %1</source>
        <translation>Chekutarisa: %1</translation>
    </message>
    <message>
        <source>There is no demo to run.</source>
        <translation>Hapana muratidzo wekumhanyisa.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Kutanga…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Kukanzura…</translation>
    </message>
    <message>
        <source>Results copied to the clipboard.</source>
        <translation>Mhedzisiro yakopwa ku-clipboard.</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>Tafura ye-CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export demo results</source>
        <translation>Tumira kunze mhedzisiro yemuratidzo</translation>
    </message>
    <message>
        <source>Results saved to %1.</source>
        <translation>Mhedzisiro yachengetwa mu-%1.</translation>
    </message>
    <message>
        <source>Save the results as CSV or JSON, or each run&apos;s memory as a trace or a PyTorch memory snapshot.</source>
        <translation>Chengeta mhedzisiro se-CSV kana JSON, kana ndangariro yekumhanya kwega kwega se-trace kana se-snapshot yendangariro ye-PyTorch.</translation>
    </message>
    <message>
        <source>Memory trace for ui.perfetto.dev (*.trace.json)</source>
        <translation>Trace yendangariro ye-ui.perfetto.dev (*.trace.json)</translation>
    </message>
    <message>
        <source>PyTorch memory snapshot for memory_viz (*.pickle)</source>
        <translation>Snapshot yendangariro ye-PyTorch ye-memory_viz (*.pickle)</translation>
    </message>
    <message>
        <source>Plan this for a real model…</source>
        <translation>Ronga izvi kumodhi chaiyo…</translation>
    </message>
    <message>
        <source>Open the Planner: which policy fits a GPT-2-size model in your GPU&apos;s memory, and the code that does it.</source>
        <translation>Vhura Murongi: policy ipi inokwana modhi yesaizi ye-GPT-2 mundangariro ye-GPU yako, nekodhi inozviita.</translation>
    </message>
    <message>
        <source>Your earlier run of this demo; press Run to measure again.</source>
        <translation>Kumhanya kwako kwekare kwemuratidzo uyu; dzvanya Mhanyisa kuti uyere zvakare.</translation>
    </message>
    <message>
        <source>Run the demo, then answer: what will the numbers show?</source>
        <translation>Mhanyisa muratidzo, wobva wapindura: nhamba dzicharatidza chii?</translation>
    </message>
    <message>
        <source>What to look for appears once you have answered.</source>
        <translation>Zvekutarisa zvinoonekwa kana wapindura.</translation>
    </message>
    <message>
        <source>Fold the claims to one line</source>
        <translation>Peta zvirevo zvive mutsetse mumwe</translation>
    </message>
    <message>
        <source>Show each claim with its figures</source>
        <translation>Ratidza chirevo chimwe nechimwe nenhamba dzacho</translation>
    </message>
    <message>
        <source>This question has no demo.</source>
        <translation>Mubvunzo uyu hauna muratidzo.</translation>
    </message>
    <message>
        <source>%p% · about %1 s left (estimate)</source>
        <translation>%p% · pasara anenge %1 s (fungidziro)</translation>
    </message>
    <message>
        <source>%p% · finishing</source>
        <translation>%p% · kupedzisa</translation>
    </message>
    <message>
        <source>① Predict</source>
        <translation>① Fungidzira</translation>
    </message>
    <message>
        <source>② Run the demo</source>
        <translation>② Mhanyisa muratidzo</translation>
    </message>
    <message>
        <source>① Run the demo</source>
        <translation>① Mhanyisa muratidzo</translation>
    </message>
    <message>
        <source>③ What it measured</source>
        <translation>③ Zvakayerwa</translation>
    </message>
    <message>
        <source>② What it measured</source>
        <translation>② Zvakayerwa</translation>
    </message>
    <message>
        <source>Running: the figures appear here when it finishes.</source>
        <translation>Kumhanya kuri kuitika: nhamba dzichaonekwa pano kana kwapera.</translation>
    </message>
    <message>
        <source>E&amp;xplore this run…</source>
        <translation>Ongorora kumhanya uku zvi&amp;zere…</translation>
    </message>
    <message>
        <source>Every table and chart of this run, the sizes and what it shows (E).</source>
        <translation>Matafura nemagirafu ose ekumhanya uku, masaizi nezvazvinoratidza (E).</translation>
    </message>
    <message>
        <source>◀ Back to the question</source>
        <translation>◀ Dzokera kumubvunzo</translation>
    </message>
    <message>
        <source>Back to the question, where you left it (Esc).</source>
        <translation>Dzokera kumubvunzo, pawakasiya (Esc).</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>Mhanyisa zvakare</translation>
    </message>
    <message>
        <source>The answer&apos;s figures</source>
        <translation>Nhamba dzemhinduro</translation>
    </message>
    <message>
        <source>Run names that would give the answer away are hidden until you answer.</source>
        <translation>Mazita ekumhanya angataura mhinduro akavanzwa kusvikira wapindura.</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>kumhanya %1</translation>
    </message>
    <message>
        <source>Answer first: the explore page names every run, and a name here gives the answer away.</source>
        <translation>Tanga wapindura: peji rekuongorora rinodoma zita rekumhanya kwega kwega, uye zita pano rinotaura mhinduro.</translation>
    </message>
    <message>
        <source>%1 Measured again: your run of this demo from last time, at its sizes (figures are not kept between sessions).</source>
        <translation>%1 Zvayerwa zvakare: kumhanya kwako kwemuratidzo uyu kwenguva yakapfuura, pamasaizi akwo (nhamba hadzichengetwe pakati pezvikamu).</translation>
    </message>
</context>
<context>
    <name>DemoResultsModel</name>
    <message>
        <source>Policy: %1</source>
        <translation>Policy: %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 kusvika %2</translation>
    </message>
    <message>
        <source>%1 MiB in %2 ms</source>
        <translation>%1 MiB mu-%2 ms</translation>
    </message>
    <message>
        <source>not comparable</source>
        <translation>hazvienzaniswi</translation>
    </message>
    <message>
        <source>Measured: the highest number of bytes of this kind the engine&apos;s allocator held at once.</source>
        <translation>Zvakayerwa: huwandu hwema-byte erudzi urwu hukuru kupfuura hwose hwakabatwa ne-allocator yeinjini panguva imwe.</translation>
    </message>
    <message>
        <source>The run&apos;s recomputation policy and settings.</source>
        <translation>Policy yekuverengazve uye marongero ekumhanya uku.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Kumhanya</translation>
    </message>
    <message>
        <source>Measured: the highest number of bytes the engine held on the device at once, all kinds together.</source>
        <translation>Zvakayerwa: huwandu hwema-byte hukuru kupfuura hwose hwakabatwa neinjini pamudziyo panguva imwe, marudzi ose pamwe chete.</translation>
    </message>
    <message>
        <source>Peak total
MiB, measured</source>
        <translation>Nhongonya yose
MiB, zvakayerwa</translation>
    </message>
    <message>
        <source>%1
MiB, measured</source>
        <translation>%1
MiB, zvakayerwa</translation>
    </message>
    <message>
        <source>Measured: checkpoints held in host memory instead of on the device.</source>
        <translation>Zvakayerwa: ma-checkpoint akachengetwa mundangariro ye-host panzvimbo pemudziyo.</translation>
    </message>
    <message>
        <source>Measured: the peak of saved activations plus recompute workspace.</source>
        <translation>Zvakayerwa: nhongonya yema-activation akachengetwa pamwe nenzvimbo yekuverengazve.</translation>
    </message>
    <message>
        <source>Peak activations
MiB, measured</source>
        <translation>Nhongonya yema-activation
MiB, zvakayerwa</translation>
    </message>
    <message>
        <source>Predicted: the analytic model&apos;s peak of saved activations plus recompute workspace, computed before running.</source>
        <translation>Zvakafungidzirwa: nhongonya yema-activation akachengetwa nenzvimbo yekuverengazve, yakaverengwa nemodhi yekuverenga ndangariro kumhanya kusati kwatanga.</translation>
    </message>
    <message>
        <source>Peak activations
MiB, predicted</source>
        <translation>Nhongonya yema-activation
MiB, zvakafungidzirwa</translation>
    </message>
    <message>
        <source>Measured: median wall-clock time of a training step, warm-up step excluded.</source>
        <translation>Zvakayerwa: nguva chaiyo yepakati (median) yedanho rekudzidzisa, kunze kwedanho rekudziyisa.</translation>
    </message>
    <message>
        <source>Step ms, median
measured</source>
        <translation>Danho ms, pakati
zvakayerwa</translation>
    </message>
    <message>
        <source>Measured: floating-point operations of one forward pass, counted by the engine for every op it ran.</source>
        <translation>Zvakayerwa: mashandiro e-floating-point e-forward pass imwe, akaverengwa neinjini pa-op rimwe nerimwe rayakamhanyisa.</translation>
    </message>
    <message>
        <source>Forward
GFLOP, measured</source>
        <translation>Forward
GFLOP, zvakayerwa</translation>
    </message>
    <message>
        <source>Measured: floating-point operations spent recomputing activations in one step, counted by the engine for every op it reran.</source>
        <translation>Zvakayerwa: mashandiro e-floating-point akashandiswa kuverengazve ma-activation mudanho rimwe, akaverengwa neinjini pa-op rimwe nerimwe rayakamhanyisazve.</translation>
    </message>
    <message>
        <source>Recompute
GFLOP, measured</source>
        <translation>Kuverengazve
GFLOP, zvakayerwa</translation>
    </message>
    <message>
        <source>Measured: bytes copied to and from host memory per step and the time the copies took.</source>
        <translation>Zvakayerwa: ma-byte akakopwa kuenda nekubva mundangariro ye-host padanho rimwe nenguva yakatorwa nekukopa.</translation>
    </message>
    <message>
        <source>Offload per step
measured</source>
        <translation>Kutamisira padanho
zvakayerwa</translation>
    </message>
    <message>
        <source>Measured: training loss after the last step.</source>
        <translation>Zvakayerwa: loss yekudzidzisa mushure medanho rekupedzisira.</translation>
    </message>
    <message>
        <source>Final loss
measured</source>
        <translation>Loss yekupedzisira
zvakayerwa</translation>
    </message>
    <message>
        <source>Where the run was measured.</source>
        <translation>Pakayerwa kumhanya uku.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Mudziyo</translation>
    </message>
    <message>
        <source>Step ms, 95% interval
measured</source>
        <translation>Danho ms, interval ye-95%
zvakayerwa</translation>
    </message>
    <message>
        <source>Measured: the largest difference between this run&apos;s first-step gradients and those of the `none` run, element by element, relative to the largest gradient. Zero means recomputation reproduced the exact gradients.</source>
        <translation>Zvakayerwa: musiyano mukuru kupfuura yose pakati pema-gradient edanho rekutanga ekumhanya uku neekumhanya kwe-`none`, element ne-element, kuenzaniswa ne-gradient hombe kupfuura ose. Zero inoreva kuti kuverengazve kwakadzosa ma-gradient akafanana chaizvo.</translation>
    </message>
    <message>
        <source>Gradient error
relative, measured</source>
        <translation>Kukanganisa kwema-gradient
kuenzaniswa, zvakayerwa</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Predicted, not measured: the time the same bytes would take over PCIe 4.0 x16 between a typical GPU and pinned host memory, at about 25 GB/s per direction (32 GB/s raw less protocol overhead; NVIDIA&apos;s bandwidthTest reports 24-26 GB/s on such hosts). On the CPU the copies stay within RAM.</source>
        <translation>Zvakafungidzirwa, hazvina kuyerwa: nguva yaizotorwa nema-byte akafanana pa-PCIe 4.0 x16 pakati pe-GPU yakajairika nendangariro ye-host yakasungwa (pinned), anenge 25 GB/s kurutivi rumwe nerumwe (32 GB/s isati yabviswa mutoro we-protocol; bandwidthTest ye-NVIDIA inoratidza 24-26 GB/s pamichina yakadaro). Pa-CPU makopi anoramba ari mu-RAM.</translation>
    </message>
    <message>
        <source>Same bytes over PCIe
predicted</source>
        <translation>Ma-byte akafanana pa-PCIe
zvakafungidzirwa</translation>
    </message>
    <message>
        <source>%1% of none</source>
        <translation>%1% ye-none</translation>
    </message>
    <message>
        <source>%1% vs none</source>
        <translation>%1% zvichienzaniswa ne-none</translation>
    </message>
    <message>
        <source>+%1% of none&apos;s forward</source>
        <translation>+%1% ye-forward pass ye-none</translation>
    </message>
    <message>
        <source>%1
In brackets: compared with the plain `none` run at the same sizes.</source>
        <translation>%1
Mumabhuraketi: zvichienzaniswa nekumhanya kwe-none pamasaizi mamwe chete.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>same as none within noise</source>
        <translation>zvakafanana ne-none mukati meruzha</translation>
    </message>
    <message numerus="yes">
        <source>%1
This run&apos;s rounds alone: %2 to %3 ms. This machine&apos;s speed wandered by %4% (standard deviation) over its last %n timed run(s).</source>
        <translation>
            <numerusform>%1
Ma-round ekumhanya uku chete: %2 kusvika %3 ms. Kukurumidza kwemuchina uyu kwakachinja ne-%4% (standard deviation) pakumhanya kwawo %n kwekupedzisira kwakayerwa nguva.</numerusform>
            <numerusform>%1
Ma-round ekumhanya uku chete: %2 kusvika %3 ms. Kukurumidza kwemuchina uyu kwakachinja ne-%4% (standard deviation) pakumhanya kwawo %n kwekupedzisira kwakayerwa nguva.</numerusform>
        </translation>
    </message>
    <message>
        <source>Measured: the 95% confidence interval of the median step time, from this run&apos;s timing rounds, widened by how much this machine&apos;s speed has wandered between its recent runs (a small fixed training timed in every run), so that running the demo again lands inside it. The comparison with none beside the median pairs each step with none&apos;s step of the same number, taken one after the other, which the wander does not move; it tells smaller differences apart than these intervals do, and where it finds none, it says the same within noise.</source>
        <translation>Zvakayerwa: interval ye-95% yenguva yepakati yedanho, kubva kuma-round ekuyera ekumhanya uku, yakawedzerwa nekuchinja kwakaita kukurumidza kwemuchina uyu pakati pekumhanya kwawo kuchangopfuura (kudzidziswa kudiki kusingachinji kunoyerwa pakumhanya kwose), kuitira kuti kumhanyisa muratidzo zvakare kuwire mukati mayo. Kuenzanisa ne-none padivi penguva yepakati kunobatanidza danho rimwe nerimwe nedanho re-none rine nhamba imwe chete, matanho aya akatorwa rimwe richitevera rimwe, uye kuchinja uku hakukufambisi; kunoona misiyano midiki kupfuura ma-interval aya, uye pasina musiyano, kunoti zvakafanana mukati meruzha.</translation>
    </message>
    <message>
        <source>%1
Not widened yet: this machine has no other timed run in the last ten minutes, so how much its speed wanders between runs is not measured yet; the next run&apos;s interval will include it.</source>
        <translation>%1
Haisati yawedzerwa: muchina uyu hauna kumwe kumhanya kwakayerwa nguva mumaminitsi gumi apfuura, saka kuchinja kwekukurumidza kwawo pakati pekumhanya hakusati kwayerwa; interval yekumhanya kunotevera ichazvibatanidza.</translation>
    </message>
</context>
<context>
    <name>DemoResultsView</name>
    <message>
        <source>Demo results</source>
        <translation>Mhedzisiro yemuratidzo</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Kumhanya:</translation>
    </message>
    <message>
        <source>Run shown in the timeline</source>
        <translation>Kumhanya kunoratidzwa panhevedzano yenguva</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tafura</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Ndangariro</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Nguva yedanho</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Nhevedzano yenguva</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Saizi dzakasiyana</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Mitsetse ye-loss</translation>
    </message>
    <message>
        <source>More columns</source>
        <translation>Dzimwe koramu</translation>
    </message>
    <message>
        <source>Also show the parameters, gradients and temporaries, the step time&apos;s interval, the PCIe estimate and the device.</source>
        <translation>Ratidzawo ma-parameter, ma-gradient nezvechinguva, interval yenguva yedanho, fungidziro ye-PCIe nemudziyo.</translation>
    </message>
    <message>
        <source>How to read it: one group of bars per run, one bar per kind of memory, each at the step&apos;s peak; a lower bar kept less.</source>
        <translation>Maverengerwo: boka remabhawa pakumhanya kumwe nekumwe, bhawa rimwe parudzi rwendangariro rumwe nerumwe, panhongonya yedanho; bhawa rakaderera rakachengeta zvishoma.</translation>
    </message>
    <message>
        <source>How to read it: one group per run; a taller bar took longer a step. Bars whose intervals overlap none&apos;s are the same within noise.</source>
        <translation>Maverengerwo: boka rimwe pakumhanya kumwe nekumwe; bhawa refu rakatora nguva yakawanda padanho. Mabhawa ane ma-interval anopindirana neye-none akafanana mukati meruzha.</translation>
    </message>
    <message>
        <source>How to read it: one training step from left to right, forward, then recompute and backward; up is the memory alive after each op. Dashed: the other runs, lined up phase by phase.</source>
        <translation>Maverengerwo: danho rimwe rekudzidzisa kubva kuruboshwe kuenda kurudyi, forward pass, wozoita kuverengazve ne-backward pass; kumusoro ndiyo ndangariro iri kushandiswa mushure me-op imwe neimwe. Mitsetse yemadotsi: kumwe kumhanya, kwakaenzaniswa chikamu nechikamu.</translation>
    </message>
    <message>
        <source>How to read it: one line per policy as the size grows; on log-log axes a steeper line grows faster, and its slope is the exponent.</source>
        <translation>Maverengerwo: mutsetse mumwe pa-policy imwe neimwe saizi ichikura; pama-axis e-log-log mutsetse wakatsvedza zvakanyanya unokura nekukurumidza, uye kutsvedza kwawo ndiyo exponent.</translation>
    </message>
    <message>
        <source>How to read it: each run&apos;s loss step by step; lines on top of each other trained the same model.</source>
        <translation>Maverengerwo: loss yekumhanya kumwe nekumwe danho nedanho; mitsetse iri pamusoro peimwe yakadzidzisa modhi imwe chete.</translation>
    </message>
    <message>
        <source>How to read it…</source>
        <translation>Maverengerwo…</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Rejista</translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation>Muganhu</translation>
    </message>
</context>
<context>
    <name>DemoRunner</name>
    <message>
        <source>Every size must be at least 1.</source>
        <translation>Saizi imwe neimwe inofanira kuva 1 kana kupfuura.</translation>
    </message>
    <message>
        <source>The number of heads (%1) must divide the width (%2).</source>
        <translation>Huwandu hwemisoro (%1) hunofanira kukamura hupamhi (%2) pasina chinosara.</translation>
    </message>
    <message>
        <source>Tick at least one kind of activation for selective recomputation to keep.</source>
        <translation>Sarudza rudzi rumwe zvishoma rwe-activation runochengetwa nekuverengazve kwakasarudzwa.</translation>
    </message>
    <message numerus="yes">
        <source>CPU (Eigen, %n threads)</source>
        <translation>
            <numerusform>CPU (Eigen, thread %n)</numerusform>
            <numerusform>CPU (Eigen, ma-thread %n)</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU (Eigen, %1 to %2 threads)</source>
        <translation>CPU (Eigen, ma-thread %1 kusvika %2)</translation>
    </message>
    <message>
        <source>A llama run&apos;s %1 key/value heads must divide the number of heads (%2).</source>
        <translation>Kumhanya kwe-llama kune misoro %1 yema-key nema-value; nhamba yemisoro (%2) inofanira kukamurwa nayo pasina chinosara.</translation>
    </message>
    <message>
        <source>Rotary positions pair a head&apos;s dimensions, so the head size (width / heads = %1) must be even.</source>
        <translation>Rotary positions dzinobatanidza ma-dimension emusoro ari maviri maviri, saka saizi yemusoro (hupamhi / misoro = %1) inofanira kuva nhamba yakaenzana.</translation>
    </message>
</context>
<context>
    <name>DemoSizesForm</name>
    <message>
        <source>Model sizes</source>
        <translation>Saizi dzemodhi</translation>
    </message>
    <message>
        <source>Reset sizes</source>
        <translation>Dzorera saizi</translation>
    </message>
    <message>
        <source>Go back to the sizes this demo suggests.</source>
        <translation>Dzokera kusaizi dzinokurudzirwa nemuratidzo uyu.</translation>
    </message>
    <message>
        <source>Activations selective recomputation keeps</source>
        <translation>Ma-activation anochengetwa nekuverengazve kwakasarudzwa</translation>
    </message>
    <message>
        <source>Ticked kinds are stored in the forward pass; the rest are recomputed in the backward pass.</source>
        <translation>Marudzi akasarudzwa anochengetwa mu-forward pass; mamwe anoverengwazve mu-backward pass.</translation>
    </message>
    <message>
        <source>This demo sweeps this size; the charts show every value.</source>
        <translation>Muratidzo uyu unoedza saizi iyi yakasiyana-siyana; machati anoratidza ma-value ose.</translation>
    </message>
</context>
<context>
    <name>DemoTexts</name>
    <message>
        <source>setup</source>
        <translation>kugadzirira</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>forward</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>kuverengazve</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>backward</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>optimizer</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Ma-parameter</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Ma-gradient</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>Mamiriro e-optimizer</translation>
    </message>
    <message>
        <source>Saved activations</source>
        <translation>Ma-activation akachengetwa</translation>
    </message>
    <message>
        <source>Recompute workspace</source>
        <translation>Nzvimbo yekuverengazve</translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation>Zvechinguva</translation>
    </message>
    <message>
        <source>Host offloaded</source>
        <translation>Zvakatamisirwa ku-host</translation>
    </message>
    <message>
        <source>The residual stream entering the block.</source>
        <translation>Residual stream inopinda mu-block.</translation>
    </message>
    <message>
        <source>LayerNorm outputs: cheap to recompute.</source>
        <translation>Mhedzisiro ye-LayerNorm: yakachipa kuverengazve.</translation>
    </message>
    <message>
        <source>The query, key and value matmul output: costly to recompute.</source>
        <translation>Mhedzisiro ye-matmul ye-query, key ne-value: inodhura kuverengazve.</translation>
    </message>
    <message>
        <source>Attention probabilities, batch x heads x seq x seq: large at long sequences, cheap to recompute.</source>
        <translation>Ma-probability e-attention, batch x misoro x seq x seq: akakura kana ma-sequence akareba, akachipa kuverengazve.</translation>
    </message>
    <message>
        <source>Attention probabilities after dropout (when dropout is on).</source>
        <translation>Ma-probability e-attention mushure me-dropout (kana dropout yakabatidzwa).</translation>
    </message>
    <message>
        <source>Attention applied to the values: a matmul output.</source>
        <translation>Attention yaiswa kuma-value: mhedzisiro ye-matmul.</translation>
    </message>
    <message>
        <source>The residual stream after the attention half of the block.</source>
        <translation>Residual stream mushure mehafu ye-attention ye-block.</translation>
    </message>
    <message>
        <source>The first MLP matmul output, four times the width: costly to recompute.</source>
        <translation>Mhedzisiro ye-matmul yekutanga ye-MLP, ine hupamhi hwakawanzwa ne-4 (4×): inodhura kuverengazve.</translation>
    </message>
    <message>
        <source>GELU output, four times the width: cheap to recompute.</source>
        <translation>Mhedzisiro ye-GELU, ine hupamhi hwakawanzwa ne-4 (4×): yakachipa kuverengazve.</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): %4</source>
        <translation>Kumhanya %1 pa-%2 (%3): %4</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): step %4 of %5, %6</source>
        <translation>Kumhanya %1 pa-%2 (%3): danho %4 pa-%5, %6</translation>
    </message>
    <message numerus="yes">
        <source>Finished %n run(s) in %1 s.</source>
        <translation>
            <numerusform>Kumhanya %n kwapera mu-%1 s.</numerusform>
            <numerusform>Kumhanya kwose (%n) kwapera mu-%1 s.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo was cancelled.</source>
        <translation>Muratidzo wakanzurwa.</translation>
    </message>
    <message>
        <source>The demo failed: %1</source>
        <translation>Muratidzo wakundikana: %1</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3): step %4, %5</source>
        <translation>Kumhanya %1 pa-%2 (%3): danho %4, %5</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
</context>
<context>
    <name>FrontierChart</name>
    <message>
        <source>Peak activation memory against step time (both measured)</source>
        <translation>Nhongonya yendangariro yema-activation ichienzaniswa nenguva yedanho (zvose zvakayerwa)</translation>
    </message>
    <message>
        <source>Peak activation memory (measured) against recompute FLOPs (counted)</source>
        <translation>Nhongonya yendangariro yema-activation (zvakayerwa) ichienzaniswa nema-FLOP ekuverengazve (zvakaverengwa)</translation>
    </message>
    <message>
        <source>peak activation memory, MiB (measured)</source>
        <translation>nhongonya yendangariro yema-activation, MiB (zvakayerwa)</translation>
    </message>
    <message>
        <source>step time, ms (measured, 95% interval)</source>
        <translation>nguva yedanho, ms (zvakayerwa, interval ye-95%)</translation>
    </message>
    <message>
        <source>recompute, MFLOP a step (counted)</source>
        <translation>kuverengazve, MFLOP padanho (zvakaverengwa)</translation>
    </message>
    <message>
        <source>frontier through the budget runs</source>
        <translation>muganhu unopfuura nemukumhanya kune bhajeti</translation>
    </message>
    <message>
        <source>budget:&lt;bytes&gt; runs</source>
        <translation>kumhanya kwe-budget:&lt;bytes&gt;</translation>
    </message>
</context>
<context>
    <name>FrontierView</name>
    <message>
        <source>How to read it: each point is one measured run, memory to the right, cost up; the line joins the budget runs that no run keeping less beats. A named policy above the line costs more than a budget plan that keeps as little; below it by more than its interval would beat the planner.</source>
        <translation>Maverengero: pfundo rimwe nerimwe kumhanya kumwe kwakayerwa, ndangariro kurudyi, mutengo kumusoro; mutsetse unobatanidza kumhanya kune bhajeti kusingakundwi nekumhanya kupi nekupi kunochengeta zvishoma. Policy ine zita iri pamusoro pemutsetse inodhura kupfuura hurongwa hwebhajeti hunochengeta zvakaenzana; iri pasi pawo kupfuura interval yayo yaizokunda Murongi.</translation>
    </message>
    <message>
        <source>Cost:</source>
        <translation>Mutengo:</translation>
    </message>
    <message>
        <source>step time (measured)</source>
        <translation>nguva yedanho (zvakayerwa)</translation>
    </message>
    <message>
        <source>recompute FLOPs (counted)</source>
        <translation>ma-FLOP ekuverengazve (zvakaverengwa)</translation>
    </message>
    <message>
        <source>Cost shown against memory</source>
        <translation>Mutengo unoratidzwa uchienzaniswa nendangariro</translation>
    </message>
</context>
<context>
    <name>GlossaryDialog</name>
    <message>
        <source>Glossary</source>
        <translation>Duramazwi</translation>
    </message>
    <message>
        <source>English</source>
        <translation>ChiRungu</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>Zvazvinoreva</translation>
    </message>
    <message>
        <source>How it is used (for translators, in English)</source>
        <translation>Mashandisirwo (kuvashanduri, muChiRungu)</translation>
    </message>
    <message>
        <source>Find a term in any language</source>
        <translation>Tsvaga izwi mumutauro upi noupi</translation>
    </message>
    <message>
        <source>This content has no glossary.</source>
        <translation>Zvirimo izvi hazvina duramazwi.</translation>
    </message>
</context>
<context>
    <name>GuideView</name>
    <message>
        <source>Open in the browser?</source>
        <translation>Vhura mu-browser?</translation>
    </message>
    <message>
        <source>This link leads out of Recompute Lab to:

%1

Open it in your web browser?</source>
        <translation>Link iyi inobuda mu-Recompute Lab ichienda ku:

%1

Unoda kuivhura mu-browser yako?</translation>
    </message>
</context>
<context>
    <name>LedgerChart</name>
    <message>
        <source>Activations at each run&apos;s peak, by the paper&apos;s term, MiB (measured)</source>
        <translation>Ma-activation panhongonya yekumhanya kwega kwega, nechikamu che-formula yepepa, MiB (zvakayerwa)</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
</context>
<context>
    <name>LedgerView</name>
    <message>
        <source>How to read it: one bar per run, one colour per term of the paper&apos;s formula (Korthikanti et al.: 34sbh + 5as²b per layer); a colour missing from a bar is a tensor that policy recomputes instead of keeping. Below: one run&apos;s tensors, block by block.</source>
        <translation>Maverengerwo: bhawa rimwe pakumhanya kumwe nekumwe, ruvara rumwe pachikamu chimwe nechimwe che-formula yepepa (Korthikanti nevamwe: 34sbh + 5as²b pa-layer rimwe nerimwe); ruvara rusipo mubhawa i-tensor rinoverengwazve ne-policy iyoyo panzvimbo pekuchengetwa. Pazasi: ma-tensor ekumhanya kumwe, block ne-block.</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>Kumhanya:</translation>
    </message>
    <message>
        <source>Run shown in the ledger</source>
        <translation>Kumhanya kunoratidzwa muRejista</translation>
    </message>
    <message>
        <source>Term / tensor</source>
        <translation>Chikamu che-formula / tensor</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Chimiro</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Kunyatsojeka</translation>
    </message>
    <message>
        <source>What the policy does</source>
        <translation>Zvinoitwa ne-policy</translation>
    </message>
    <message>
        <source>MiB (measured)</source>
        <translation>MiB (zvakayerwa)</translation>
    </message>
    <message>
        <source>Paper&apos;s MiB (predicted)</source>
        <translation>MiB dzepepa (zvakafungidzirwa)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; keeps only block inputs (%2) and rebuilds every other tensor for backward</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; inochengeta ma-input ema-block chete (%2) uye inovakazve ma-tensor ose asara e-backward pass</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; does not keep (recomputes or rebuilds): %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; haichengete (inoverengazve kana kuvakazve): %2</translation>
    </message>
    <message>
        <source>head</source>
        <translation>head</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>block %1</translation>
    </message>
    <message>
        <source>How to read it: one bar per run, one colour per term, each of llama&apos;s tensors counted as Korthikanti et al. count GPT&apos;s (2 bytes a value, 1 a dropout mask; k is the key/value width, f the SwiGLU width); a colour missing from a bar is a tensor that policy recomputes instead of keeping. Below: one run&apos;s tensors, block by block.</source>
        <translation>Maverengerwo: bhawa rimwe pakumhanya kumwe nekumwe, ruvara rumwe pachikamu chimwe nechimwe; tensor rimwe nerimwe re-llama rakaverengwa sezvinoverengwa ma-tensor e-GPT naKorthikanti nevamwe (ma-byte 2 pa-value imwe, 1 pa-mask ye-dropout; k hupamhi hwema-key nema-value, f hupamhi hwe-SwiGLU); ruvara rusipo mubhawa i-tensor rinoverengwazve ne-policy iyoyo panzvimbo pekuchengetwa. Pazasi: ma-tensor ekumhanya kumwe, block ne-block.</translation>
    </message>
</context>
<context>
    <name>LiveFigures</name>
    <message>
        <source>Figures from your last run of the demo, measured.</source>
        <translation>Nhamba dzinobva pakumhanya kwako kwekupedzisira kwemuratidzo, dzakayerwa.</translation>
    </message>
    <message>
        <source>Figures not yet run here are predicted by the engine for the demo&apos;s own sizes; a run measures the same bytes and FLOPs.</source>
        <translation>Nhamba dzisati dzamhanyiswa pano dzakafungidzirwa neinjini pasaizi dzemuratidzo pachadzo; kumhanya kunoyera ma-byte nema-FLOP mamwe chete.</translation>
    </message>
    <message>
        <source>Times and errors are shown as measured when the text was checked, until you run the demo.</source>
        <translation>Nguva nezvikanganiso zvinoratidzwa sezvakayerwa pakaongororwa chinyorwa, kusvikira wamhanyisa muratidzo.</translation>
    </message>
</context>
<context>
    <name>LossChart</name>
    <message>
        <source>Loss per step (solid, left), distance from none&apos;s (dotted, right)</source>
        <translation>Loss padanho (mutsetse wakazara, kuruboshwe), musiyano ne-none (madotsi, kurudyi)</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>danho rekudzidzisa</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <source>|loss − none&apos;s loss|</source>
        <translation>|loss − loss ye-none|</translation>
    </message>
    <message>
        <source>%1 − none</source>
        <translation>%1 − none</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>%1 — Recompute Lab</source>
        <translation>%1 — Recompute Lab</translation>
    </message>
    <message>
        <source>Recompute Lab</source>
        <translation>Recompute Lab</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Faira</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Buda</translation>
    </message>
    <message>
        <source>&amp;Quiz</source>
        <translation>&amp;Bvunzo</translation>
    </message>
    <message>
        <source>Back to &amp;quizzes</source>
        <translation>Dzokera ku&amp;bvunzo</translation>
    </message>
    <message>
        <source>View &amp;all questions</source>
        <translation>Tarisa mibvunzo &amp;yose</translation>
    </message>
    <message>
        <source>&amp;Previous question</source>
        <translation>Mubvunzo w&amp;akapfuura</translation>
    </message>
    <message>
        <source>&amp;Next question</source>
        <translation>Mubvunzo u&amp;notevera</translation>
    </message>
    <message>
        <source>&amp;Run the demo</source>
        <translation>&amp;Mhanyisa muratidzo</translation>
    </message>
    <message>
        <source>Retry the &amp;wrong ones</source>
        <translation>Edzazve dzawaka&amp;kanganisa</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Mutauro</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Rubatsiro</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Makiyi e&amp;kiibhodhi</translation>
    </message>
    <message>
        <source>&amp;About Recompute Lab</source>
        <translation>&amp;Nezve Recompute Lab</translation>
    </message>
    <message numerus="yes">
        <source>Some content could not be loaded; everything else works. %n problem(s):</source>
        <translation>
            <numerusform>Zvimwe zvinyorwa hazvina kurodhwa; zvimwe zvose zvinoshanda. Dambudziko %n:</numerusform>
            <numerusform>Zvimwe zvinyorwa hazvina kurodhwa; zvimwe zvose zvinoshanda. Matambudziko %n:</numerusform>
        </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Makiyi ekiibhodhi</translation>
    </message>
    <message>
        <source>About Recompute Lab</source>
        <translation>Nezve Recompute Lab</translation>
    </message>
    <message>
        <source>Recompute Lab teaches activation recomputation (gradient checkpointing) with quizzes and live demos that train a small GPT-style model and measure its memory and time.</source>
        <translation>Recompute Lab inodzidzisa kuverengazve ma-activation (activation recomputation, gradient checkpointing) nebvunzo uye miratidzo mipenyu inodzidzisa modhi diki yakaita se-GPT ichiyera ndangariro nenguva yayo.</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>Tangazve</translation>
    </message>
    <message>
        <source>&amp;Open pack…</source>
        <translation>&amp;Vhura pakeji…</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Nezve &amp;Qt</translation>
    </message>
    <message>
        <source>Free software under the MIT licence.</source>
        <translation>Purogiramu yakasununguka (free software) pasi perezinesi re-MIT.</translation>
    </message>
    <message>
        <source>Source code: %1</source>
        <translation>Kodhi yayo: %1</translation>
    </message>
    <message>
        <source>Report a problem: %1</source>
        <translation>Taura dambudziko: %1</translation>
    </message>
    <message>
        <source>Planner — Recompute Lab</source>
        <translation>Murongi — Recompute Lab</translation>
    </message>
    <message>
        <source>Clear every answer of this quiz and start again? Your earlier attempts stay in its history.</source>
        <translation>Dzima mhinduro dzose dzebvunzo iyi wotangazve? Zvawakaedza kare zvinoramba zviri munhoroondo yayo.</translation>
    </message>
    <message>
        <source>Plan your own mo&amp;del…</source>
        <translation>&amp;Ronga modhi yako…</translation>
    </message>
    <message>
        <source>1–%1: choose the option with that number</source>
        <translation>1–%1: sarudza sarudzo ine nhamba iyoyo</translation>
    </message>
    <message>
        <source>↑ ↓: move between the options</source>
        <translation>↑ ↓: famba pakati pesarudzo</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab: move between the controls</source>
        <translation>Tab, Shift+Tab: famba pakati pezvidzoreso</translation>
    </message>
    <message>
        <source>Space: press the focused button</source>
        <translation>Space: dzvanya bhatani rakasarudzwa</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Alt+underlined letter: open that menu or go to that field</source>
        <translation>Alt+vara rakatarwa pasi: vhura menyu iyoyo kana enda kunzvimbo iyoyo</translation>
    </message>
    <message>
        <source>Open the Language menu</source>
        <translation>Vhura menyu yeMutauro</translation>
    </message>
    <message>
        <source>Enter: confirm the option you moved to, or go to the next question once answered, wherever the focus is</source>
        <translation>Enter: simbisa sarudzo yawaenda kwairi, kana enderera kumubvunzo unotevera kana wapindura, chero kwakamira focus</translation>
    </message>
    <message>
        <source>Enter in a demo size field or the prediction: run the demo</source>
        <translation>Enter munzvimbo yesaizi yemuratidzo kana mufungidziro: mhanyisa muratidzo</translation>
    </message>
    <message>
        <source>Your packs folder is %1.</source>
        <translation>Forodha yemapakeji ako ndeye %1.</translation>
    </message>
    <message>
        <source>Content reloaded.</source>
        <translation>Zvirimo zvaverengwazve.</translation>
    </message>
    <message>
        <source>Opened the pack %1; it adds no quiz that is not already here.</source>
        <translation>Pakeji %1 yavhurwa; haina bvunzo itsva isipo kare.</translation>
    </message>
    <message numerus="yes">
        <source>Opened the pack %1: %n new quiz(zes), %2.</source>
        <translation>
            <numerusform>Pakeji %1 yavhurwa: bvunzo itsva %n, %2.</numerusform>
            <numerusform>Pakeji %1 yavhurwa: bvunzo itsva %n, %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the packs &amp;folder</source>
        <translation>Vhura &amp;forodha yemapakeji</translation>
    </message>
    <message>
        <source>The folder where packs you drop in are loaded from at every start.</source>
        <translation>Forodha inotorwa mapakeji aunoisamo pese paunovhura.</translation>
    </message>
    <message>
        <source>Re&amp;load content</source>
        <translation>&amp;Rodha zvirimo zvakare</translation>
    </message>
    <message>
        <source>Removed the pack %1.</source>
        <translation>Pakeji %1 yabviswa.</translation>
    </message>
    <message>
        <source>Remove pack</source>
        <translation>Bvisa pakeji</translation>
    </message>
    <message>
        <source>Which pack do you want to remove?</source>
        <translation>Unoda kubvisa pakeji ipi?</translation>
    </message>
    <message>
        <source>Remove the pack %1 from the app? Its files stay where they are, and your answers to its quizzes are kept for when you open it again.</source>
        <translation>Bvisa pakeji %1 mu-app? Mafaira ayo anosara paari, uye mhinduro dzako kubvunzo dzayo dzinochengetwa kusvikira waivhura zvakare.</translation>
    </message>
    <message>
        <source>&amp;Remove pack…</source>
        <translation>Bv&amp;isa pakeji…</translation>
    </message>
    <message>
        <source>Take a pack you opened out of the app again; its files and your answers stay.</source>
        <translation>Bvisa pakeji yawakavhura mu-app; mafaira ayo nemhinduro dzako zvinosara.</translation>
    </message>
    <message>
        <source>&amp;Search questions and guides…</source>
        <translation>&amp;Tsvaga mumibvunzo nemumagwara…</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>&amp;Duramazwi</translation>
    </message>
    <message>
        <source>E: explore the demo&apos;s run: every table and chart, its sizes and claims</source>
        <translation>E: ongorora kumhanya kwemuratidzo: matafura nemagirafu ose, masaizi nezvazvinoti</translation>
    </message>
    <message>
        <source>G: the question&apos;s guide section</source>
        <translation>G: chikamu chegwara chemubvunzo</translation>
    </message>
    <message>
        <source>Esc: back to the question from the guide or the run&apos;s page</source>
        <translation>Esc: dzokera kumubvunzo kubva pagwara kana papeji rekumhanya</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>Peak memory by category, MiB (measured)</source>
        <translation>Nhongonya yendangariro pamarudzi, MiB (zvakayerwa)</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>Peak memory by category at %1 %2, MiB (measured)</source>
        <translation>Nhongonya yendangariro pamarudzi pa-%1 %2, MiB (zvakayerwa)</translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Dismiss the notice</source>
        <translation>Vhara chiziviso</translation>
    </message>
    <message numerus="yes">
        <source>and %n more (hover to see all)</source>
        <translation>
            <numerusform>ne-%n imwe (isa mbeva pano kuti uone zvose)</numerusform>
            <numerusform>ne-%n dzimwe (isa mbeva pano kuti uone zvose)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OptionButton</name>
    <message>
        <source>Option %1: %2</source>
        <translation>Sarudzo %1: %2</translation>
    </message>
    <message>
        <source>Correct answer</source>
        <translation>Mhinduro yakarurama</translation>
    </message>
    <message>
        <source>Your answer, wrong</source>
        <translation>Mhinduro yako, isiriyo</translation>
    </message>
    <message>
        <source>Press %1 to choose</source>
        <translation>Dzvanya %1 kuti usarudze</translation>
    </message>
</context>
<context>
    <name>PackDialog</name>
    <message>
        <source>Open a quiz pack</source>
        <translation>Vhura pakeji yebvunzo</translation>
    </message>
    <message>
        <source>Quiz packs (*.zip *.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.zst *.tzst)</source>
        <translation>Mapakeji ebvunzo (*.zip *.tar *.tar.gz *.tgz *.tar.xz *.txz *.tar.zst *.tzst)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Mafaira ose (*)</translation>
    </message>
    <message>
        <source>Pack:</source>
        <translation>Pakeji:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Vhura</translation>
    </message>
</context>
<context>
    <name>PeakCard</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>At the peak</source>
        <translation>Panhongonya</translation>
    </message>
    <message>
        <source>%1 of activations, reached in %2; the marker on the timeline.</source>
        <translation>%1 yema-activation, yakasvikwa mu-%2; chiratidzo chiri paNhevedzano yenguva.</translation>
    </message>
    <message>
        <source>Live then (measured), largest first:</source>
        <translation>Zvaivepo panguva iyoyo (zvakayerwa), zvikuru kupfuura zvose kutanga:</translation>
    </message>
    <message>
        <source>head</source>
        <translation>head</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>block %1</translation>
    </message>
    <message>
        <source>No other policy lowers this peak.</source>
        <translation>Hapana imwe policy inoderedza nhongonya iyi.</translation>
    </message>
    <message>
        <source>What would lower it (predicted); each button runs that policy at these sizes:</source>
        <translation>Zvaizoideredza (zvakafungidzirwa); bhatani rega rega rinomhanyisa policy iyoyo pasaizi idzi:</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Mhanyisa %1</translation>
    </message>
    <message>
        <source>%1: peak %2 (predicted, %3 MiB)</source>
        <translation>%1: nhongonya %2 (zvakafungidzirwa, %3 MiB)</translation>
    </message>
    <message>
        <source>measured %1, exactly as predicted</source>
        <translation>zvakayerwa %1, chaizvo sezvakafungidzirwa</translation>
    </message>
    <message>
        <source>measured %1, not the predicted figure</source>
        <translation>zvakayerwa %1, hazvisi sezvakafungidzirwa</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>Kumhanyisa %1…</translation>
    </message>
</context>
<context>
    <name>PlannerPage</name>
    <message>
        <source>Custom</source>
        <translation>Yako pachako</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>bf16 with fp32 master weights (predicted only)</source>
        <translation>bf16 ine master weights dze-fp32 (zvakafungidzirwa chete)</translation>
    </message>
    <message>
        <source>bf16 (saved copies)</source>
        <translation>bf16 (makopi akachengetwa)</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>SGD ine momentum</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>This GPU: %1</source>
        <translation>GPU iyi: %1</translation>
    </message>
    <message>
        <source>Other:</source>
        <translation>Imwe:</translation>
    </message>
    <message>
        <source>Planner</source>
        <translation>Murongi</translation>
    </message>
    <message>
        <source>Which recomputation policy fits your model in your GPU&apos;s memory, and what it costs. Every figure on this page is predicted by the engine&apos;s memory predictor (the one that equals its measured peak in the demos); nothing is allocated or trained.</source>
        <translation>Policy ipi yekuverengazve inokwana modhi yako mundangariro ye-GPU yako, uye mutengo wayo. Nhamba imwe neimwe papeji rino yakaverengwa nemodhi yendangariro yeinjini (iyo inoenzana nenhongonya yakayerwa mumiratidzo); hapana ndangariro inotorwa uye hapana chinodzidziswa.</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Dzokera</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>M&amp;odhi</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Ma-weight</translation>
    </message>
    <message>
        <source>Saved activations</source>
        <translation>Ma-activation akachengetwa</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>Fused attention (keeps no T×T probabilities)</source>
        <translation>Fused attention (haichengete ma-probability e-T×T)</translation>
    </message>
    <message>
        <source>&amp;Budget</source>
        <translation>Bha&amp;jeti</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Kopa kodhi</translation>
    </message>
    <message numerus="yes">
        <source>segment:best (%n block(s))</source>
        <translation>
            <numerusform>segment:best (block %n)</numerusform>
            <numerusform>segment:best (ma-block %n)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 + offload</source>
        <translation>%1 + offload</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot plan this:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Izvi hazvirongeki:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Predicted for %1: %2 million parameters.</source>
        <translation>Zvakafungidzirwa pa-%1: ma-parameter mamiriyoni %2.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cheapest policy that fits: %1&lt;/b&gt;, peak %2 GiB of %3 GiB, recomputing %4% of the step.</source>
        <translation>&lt;b&gt;Policy inokwana yakachipa kupfuura dzose: %1&lt;/b&gt;, nhongonya %2 GiB pa-%3 GiB, ichiverengazve %4% yedanho.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No policy fits this budget&lt;/b&gt;: try a smaller micro-batch or sequence.</source>
        <translation>&lt;b&gt;Hapana policy inokwana bhajeti iyi&lt;/b&gt;: edza micro-batch kana sequence diki.</translation>
    </message>
    <message>
        <source>Predicted only: the engine cannot train bf16 weights, so no measurement backs these figures.</source>
        <translation>Zvakafungidzirwa chete: injini haigone kudzidzisa ma-weight e-bf16, saka hapana kuyera kunotsigira nhamba idzi.</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Policy</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Inokwana</translation>
    </message>
    <message>
        <source>Predicted
peak, GiB</source>
        <translation>Nhongonya
yakafungidzirwa, GiB</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Ma-parameter</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Ma-gradient</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Zvakachengetwa</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Nzvimbo
yekuverengazve</translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation>Zvechinguva</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Recompute
FLOPs</source>
        <translation>Ma-FLOP
ekuverengazve</translation>
    </message>
    <message>
        <source>Max
micro-batch</source>
        <translation>Micro-batch
huru kupfuura dzose</translation>
    </message>
    <message>
        <source>Max
sequence</source>
        <translation>Hurefu hwe-sequence
hukuru kupfuura hwose</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>hongu</translation>
    </message>
    <message>
        <source>no</source>
        <translation>kwete</translation>
    </message>
    <message>
        <source>no plan</source>
        <translation>hapana hurongwa</translation>
    </message>
    <message>
        <source>All memory figures in GiB, predicted.</source>
        <translation>Ndangariro yose iri mu-GiB, yakafungidzirwa.</translation>
    </message>
    <message>
        <source>Predicted peak, GiB, by micro-batch (T = %1)</source>
        <translation>Nhongonya yakafungidzirwa, GiB, ne-micro-batch (T = %1)</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Micro-batch</translation>
    </message>
    <message>
        <source>Predicted peak, GiB, by sequence (B = %1)</source>
        <translation>Nhongonya yakafungidzirwa, GiB, nehurefu hwe-sequence (B = %1)</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>Hurefu hwe-sequence</translation>
    </message>
    <message>
        <source>your budget</source>
        <translation>bhajeti yako</translation>
    </message>
    <message>
        <source>Code: pick a policy in the table to see the code that does it.</source>
        <translation>Kodhi: sarudza policy mutafura kuti uone kodhi inoiita.</translation>
    </message>
    <message>
        <source>Code for %1. Each snippet says the version it needs in its first line.</source>
        <translation>Kodhi ye-%1. Chidimbu chimwe nechimwe chinotaura version yachinoda mumutsara wacho wekutanga.</translation>
    </message>
    <message>
        <source>PyTorch, per block</source>
        <translation>PyTorch, block rimwe nerimwe</translation>
    </message>
    <message>
        <source>PyTorch, checkpoint_sequential</source>
        <translation>PyTorch, checkpoint_sequential</translation>
    </message>
    <message>
        <source>PyTorch, selective</source>
        <translation>PyTorch, selective</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>JAX</source>
        <translation>JAX</translation>
    </message>
    <message>
        <source>Needs %1.</source>
        <translation>Inoda %1.</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Custom (llama block)</source>
        <translation>Yako (block re-llama)</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>Misoro ye-key/value</translation>
    </message>
    <message>
        <source>MLP hidden size</source>
        <translation>Hukuru hwakavanzika hwe-MLP</translation>
    </message>
    <message>
        <source>Grouped-query attention&apos;s key/value heads: they must divide the heads, and tensor parallelism must divide them.</source>
        <translation>Misoro ye-key/value ye-grouped-query attention: huwandu hwayo hunofanira kukamura huwandu hwemisoro, uye tensor parallelism inofanira kukamura huwandu hwayo.</translation>
    </message>
    <message>
        <source>The MLP&apos;s hidden width: 4 × width in GPT-2&apos;s block, SwiGLU&apos;s size in llama&apos;s.</source>
        <translation>Hupamhi hwakavanzika hwe-MLP: 4 × hupamhi mu-block re-GPT-2, hukuru hwe-SwiGLU mu-block re-llama.</translation>
    </message>
    <message>
        <source>Prepared for %1: predicted, not measured. The engine trains on one device, so what this question asks about many GPUs is shown here from the planner&apos;s formulas, which its tests check against the papers. Change any field to explore; Back returns to the question.</source>
        <translation>Zvakagadzirirwa %1: zvakafungidzirwa, kwete zvakayerwa. Injini inodzidzisa pamudziyo mumwe, saka zvinobvunzwa nemubvunzo uyu nezve ma-GPU mazhinji zvinoratidzwa pano kubva mumafomula emurongi, ayo ma-test ake anoenzanisa nemapepa. Chinja chero munda kuti uongorore; Dzokera inodzosera kumubvunzo.</translation>
    </message>
    <message>
        <source>Biases on q, k and v (Qwen2&apos;s block)</source>
        <translation>Ma-bias pa-q, k ne-v (block ra-Qwen2)</translation>
    </message>
</context>
<context>
    <name>PlannerViewPanel</name>
    <message>
        <source>Planner view: predicted</source>
        <translation>Maonero eMurongi: zvakafungidzirwa</translation>
    </message>
    <message>
        <source>This question is about many GPUs, and the engine trains on one device, so it has no live demo. The Planner shows it instead, with the settings below, from its formulas (checked against the papers in its tests): nothing here is measured.</source>
        <translation>Mubvunzo uyu ndewe ma-GPU mazhinji, uye injini inodzidzisa pamudziyo mumwe, saka hauna muratidzo mupenyu. Murongi anozviratidza panzvimbo pawo, nemarongero ari pazasi, kubva muma-formula ake (ma-test ake anoaenzanisa nemapepa): hapana chakayerwa pano.</translation>
    </message>
    <message>
        <source>Open in the Planner</source>
        <translation>Vhura muMurongi</translation>
    </message>
    <message>
        <source>a custom llama block: %1 layers, width %2, %3 heads, %4 key/value heads, MLP %5</source>
        <translation>block re-llama rawakagadzira: ma-layer %1, hupamhi %2, misoro %3, misoro ye-key/value %4, MLP %5</translation>
    </message>
    <message>
        <source>a custom GPT-2 block: %1 layers, width %2, %3 heads</source>
        <translation>block re-GPT-2 rawakagadzira: ma-layer %1, hupamhi %2, misoro %3</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modhi: %1</translation>
    </message>
    <message>
        <source>sequence %1, micro-batch %2</source>
        <translation>hurefu hwe-sequence %1, micro-batch %2</translation>
    </message>
    <message>
        <source>%1 GB a GPU</source>
        <translation>%1 GB pa-GPU</translation>
    </message>
    <message>
        <source>bf16 weights</source>
        <translation>ma-weight e-bf16</translation>
    </message>
    <message>
        <source>data parallel %1</source>
        <translation>data parallel %1</translation>
    </message>
    <message>
        <source>tensor parallel %1</source>
        <translation>tensor parallel %1</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>sequence parallel</translation>
    </message>
    <message>
        <source>pipeline stages %1</source>
        <translation>ma-stage e-pipeline %1</translation>
    </message>
    <message numerus="yes">
        <source>%n virtual stage(s)</source>
        <translation>
            <numerusform>stage re-virtual %n</numerusform>
            <numerusform>ma-stage e-virtual %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n micro-batch(es) a step</source>
        <translation>
            <numerusform>micro-batch %n padanho</numerusform>
            <numerusform>ma-micro-batch %n padanho</numerusform>
        </translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>GPU %n</numerusform>
            <numerusform>ma-GPU %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) of %1</source>
        <translation>
            <numerusform>node %n ye-%1</numerusform>
            <numerusform>ma-node %n e-%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy shown: %1.</source>
        <translation>Policy inoratidzwa: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Predicted with %1: pipeline rank %2 peaks at %3 GiB a GPU (%4 GiB budget), holding %n micro-batch(es) of its layers in flight.</source>
        <translation>
            <numerusform>Zvakafungidzirwa ne-%1: rank %2 re-pipeline rine nhongonya ye-%3 GiB pa-GPU (bhajeti %4 GiB), richichengeta micro-batch %n yema-layer aro iri mukufamba.</numerusform>
            <numerusform>Zvakafungidzirwa ne-%1: rank %2 re-pipeline rine nhongonya ye-%3 GiB pa-GPU (bhajeti %4 GiB), richichengeta ma-micro-batch %n ema-layer aro ari mukufamba.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PredictionBox</name>
    <message>
        <source>Choose a run</source>
        <translation>Sarudza kumhanya</translation>
    </message>
</context>
<context>
    <name>PredictionTexts</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Predict before you run: %1 of %2 as a percentage of %3&apos;s?</source>
        <translation>Fungidzira usati wamhanyisa: %1 ye-%2 sechikamu chezana che-%3?</translation>
    </message>
    <message>
        <source>Predict before you run: which run will have the most %1?</source>
        <translation>Fungidzira usati wamhanyisa: kumhanya kupi kuchava nehuwandu hukuru kupfuura zvose — %1?</translation>
    </message>
    <message>
        <source>Predict before you run: which run will have the least %1?</source>
        <translation>Fungidzira usati wamhanyisa: kumhanya kupi kuchava nehuwandu hudiki kupfuura zvose — %1?</translation>
    </message>
    <message>
        <source>Close.</source>
        <translation>Wasvika pedyo.</translation>
    </message>
    <message>
        <source>Off by %1 points.</source>
        <translation>Musiyano: mapoinzi %1.</translation>
    </message>
    <message>
        <source>Right.</source>
        <translation>Zvakarurama.</translation>
    </message>
    <message>
        <source>Not this time.</source>
        <translation>Kwete panguva ino.</translation>
    </message>
    <message>
        <source>Measured: &lt;b&gt;%1&lt;/b&gt; (%2).</source>
        <translation>Zvakayerwa: &lt;b&gt;%1&lt;/b&gt; (%2).</translation>
    </message>
    <message>
        <source>You made no prediction.</source>
        <translation>Hauna kufungidzira.</translation>
    </message>
    <message>
        <source>You predicted &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Wakafungidzira &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
</context>
<context>
    <name>ProgressStore</name>
    <message>
        <source>it is larger than any progress file could be</source>
        <translation>rakakura kupfuura zvingaita faira ripi neripi rekufambira mberi</translation>
    </message>
    <message>
        <source>it is not a JSON object</source>
        <translation>harisi JSON object</translation>
    </message>
    <message>
        <source>its version is not %1</source>
        <translation>vhezheni yaro haisi %1</translation>
    </message>
    <message>
        <source>its language is not text</source>
        <translation>mutauro waro hausi chinyorwa</translation>
    </message>
    <message>
        <source>its quizzes are not an object</source>
        <translation>bvunzo dzaro hadzisi object</translation>
    </message>
    <message>
        <source>the answers of %1 are not an object</source>
        <translation>mhinduro dze-%1 hadzisi object</translation>
    </message>
    <message>
        <source>an answer in %1 is not text</source>
        <translation>mhinduro iri mu-%1 haisi chinyorwa</translation>
    </message>
    <message>
        <source>it is a symbolic link, not a regular file; progress is never written through a link</source>
        <translation>i-link (symbolic link), harisi faira rakajairika; kufambira mberi hakumbonyorwi kuburikidza ne-link</translation>
    </message>
    <message>
        <source>it was written by a newer Recompute Lab in format %1, and this one reads formats 1 and %2</source>
        <translation>rakanyorwa neRecompute Lab itsva mufomati %1, uye iyi inoverenga mafomati 1 ne-%2</translation>
    </message>
    <message>
        <source>Your progress file %1 is damaged (%2); it is left as it is and progress starts empty.</source>
        <translation>Faira rekufambira mberi %1 rakakuvara (%2); rasiiwa sezvaringa rakaita uye kufambira mberi kunotanga patsva.</translation>
    </message>
    <message>
        <source>another Recompute Lab window held it for over %1 s</source>
        <translation>rimwe hwindo reRecompute Lab rakaribata kwemasekondi anopfuura %1</translation>
    </message>
    <message>
        <source>its lock file cannot be made in that folder</source>
        <translation>faira rekukiya (lock file) harigoni kugadzirwa mufoda iyoyo</translation>
    </message>
    <message>
        <source>it would be larger than any progress file may be</source>
        <translation>raizova rakakura kupfuura faira rekufambira mberi ripi neripi</translation>
    </message>
    <message>
        <source>Could not save your progress to %1 (%2); the file keeps the progress saved before.</source>
        <translation>Hazvina kukwanisa kuchengetedza kufambira mberi kwako mu-%1 (%2); faira rinochengeta kufambira mberi kwakachengetedzwa kare.</translation>
    </message>
    <message>
        <source>Your progress file was damaged (%1); it was moved to %2 and progress starts empty.</source>
        <translation>Faira rekufambira mberi kwako rakanga rakuvara (%1); rakaendeswa ku-%2 uye kufambira mberi kunotanga patsva.</translation>
    </message>
    <message>
        <source>Your progress file %1 is damaged (%2) and could not be moved aside; progress starts empty.</source>
        <translation>Faira rekufambira mberi %1 rakakuvara (%2) uye harina kukwanisa kuendeswa kune imwe nzvimbo; kufambira mberi kunotanga patsva.</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>harisi faira rakajairika</translation>
    </message>
    <message>
        <source>Could not read your progress from %1 (%2); the file is kept as it is and this session&apos;s answers will not be saved.</source>
        <translation>Hazvina kukwanisa kuverenga kufambira mberi kwako kubva ku-%1 (%2); faira rasiiwa sezvarakanga rakaita uye mhinduro dzenguva ino hadzichachengetwa.</translation>
    </message>
    <message>
        <source>the progress of %1 is malformed</source>
        <translation>kufambira mberi kwe-%1 kwakanyorwa zvisizvo</translation>
    </message>
    <message>
        <source>its lock file %1 is not a regular file</source>
        <translation>faira rekukiya (lock file) %1 harisi faira renguva dzose</translation>
    </message>
    <message>
        <source>its language is not a language code</source>
        <translation>mutauro waro hausi kodhi yemutauro</translation>
    </message>
    <message>
        <source>Part of your progress file %1 could not be read (%2), and it could not be moved aside; it is kept as it is and this session&apos;s answers will not be saved.</source>
        <translation>Chimwe chikamu chefaira rekufambira mberi %1 hachina kukwanisa kuverengwa (%2), uye faira harina kukwanisa kuendeswa kune imwe nzvimbo; rasiiwa sezvarakanga rakaita uye mhinduro dzenguva ino hadzichachengetwa.</translation>
    </message>
    <message>
        <source>Part of your progress file could not be read (%1); the file was moved to %2, and what could be read is kept.</source>
        <translation>Chimwe chikamu chefaira rekufambira mberi kwako hachina kukwanisa kuverengwa (%1); faira rakaendeswa ku-%2, uye zvakakwanisa kuverengwa zvachengetwa.</translation>
    </message>
    <message>
        <source>%1 holds %2 attempts, more than the %3 kept of a quiz</source>
        <translation>%1 rine zvakaedzwa %2, kupfuura %3 zvinochengetwa pabvunzo</translation>
    </message>
</context>
<context>
    <name>QuestionListPage</name>
    <message>
        <source>◀ Back to the question</source>
        <translation>◀ Dzokera kumubvunzo</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>Nha.</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Mubvunzo</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Mhinduro yako</translation>
    </message>
    <message>
        <source>All questions of the quiz</source>
        <translation>Mibvunzo yose yebvunzo</translation>
    </message>
    <message>
        <source>%1 of %2 answered, %3 correct. Double-click or press Enter on a question to open it.</source>
        <translation>Yapindurwa %1 pa-%2, yakarurama %3. Dzvanya kaviri kana dzvanya Enter pamubvunzo kuti uuvhure.</translation>
    </message>
    <message>
        <source>Not answered</source>
        <translation>Haina kupindurwa</translation>
    </message>
    <message>
        <source>✔ Correct</source>
        <translation>✔ Zvakarurama</translation>
    </message>
    <message>
        <source>✘ Wrong</source>
        <translation>✘ Zvisizvo</translation>
    </message>
</context>
<context>
    <name>QuestionPage</name>
    <message>
        <source>Question %1 of %2</source>
        <translation>Mubvunzo %1 pa-%2</translation>
    </message>
    <message>
        <source>· retrying the wrong ones: %1 of %2</source>
        <translation>· kuedzazve dzawakakanganisa: %1 pa-%2</translation>
    </message>
    <message>
        <source>See results</source>
        <translation>Ona mhedzisiro</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Unotevera</translation>
    </message>
    <message>
        <source>✔ Correct.</source>
        <translation>✔ Zvakarurama.</translation>
    </message>
    <message>
        <source>✘ Not quite: the right answer is %1.</source>
        <translation>✘ Kwete chaizvo: mhinduro chaiyo i-%1.</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>Nei:</translation>
    </message>
    <message>
        <source>Why “%1” is wrong:</source>
        <translation>Nei “%1” isiriyo:</translation>
    </message>
    <message>
        <source>This question has no guide section.</source>
        <translation>Mubvunzo uyu hauna chikamu chegwara.</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Gwara</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Zvinyorwa zvakashandiswa</translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation>Gwara: %1</translation>
    </message>
    <message>
        <source>◀ Quizzes</source>
        <translation>◀ Bvunzo</translation>
    </message>
    <message>
        <source>Back to the list of quizzes</source>
        <translation>Dzokera kurondedzero yebvunzo</translation>
    </message>
    <message>
        <source>View all questions</source>
        <translation>Tarisa mibvunzo yose</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Wakapfuura</translation>
    </message>
    <message>
        <source>Previous question</source>
        <translation>Mubvunzo wakapfuura</translation>
    </message>
    <message>
        <source>Live demo</source>
        <translation>Muratidzo mupenyu</translation>
    </message>
    <message>
        <source>Guide section</source>
        <translation>Chikamu chegwara</translation>
    </message>
    <message>
        <source>Read more in the guide: %1</source>
        <translation>Verenga zvimwe mugwara: %1</translation>
    </message>
    <message>
        <source>This question&apos;s guide section holds its answer. Answer first, then read it; or open it now, and your attempt notes that you did.</source>
        <translation>Chikamu chegwara chemubvunzo uyu chine mhinduro yawo. Tanga wapindura, wozochiverenga; kana kuti uchivhure izvozvi, uye kuedza kwako kuchanyora kuti wakadaro.</translation>
    </message>
    <message>
        <source>&amp;Open the guide now</source>
        <translation>&amp;Vhura gwara izvozvi</translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move</source>
        <translation>Makiyi: 1–%1 sarudza · Enter enderera · ← → famba</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Zviri mukati</translation>
    </message>
    <message>
        <source>Back to this question&apos;s section: %1</source>
        <translation>Dzokera kuchikamu chemubvunzo uyu: %1</translation>
    </message>
    <message>
        <source>question %1 of “%2”</source>
        <translation>mubvunzo %1 we“%2”</translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move · R opens the Planner</source>
        <translation>Makiyi: 1–%1 sarudza · Enter inotevera · ← → famba · R inovhura Murongi</translation>
    </message>
    <message>
        <source>Planner view, predicted</source>
        <translation>Maonero eMurongi, zvakafungidzirwa</translation>
    </message>
    <message>
        <source>Keys: 1–%1 choose · Enter next · ← → move · R runs the demo · E explores the run · G guide</source>
        <translation>Makiyi: 1–%1 sarudza · Enter enderera · ← → famba · R mhanyisa muratidzo · E ongorora kumhanya · G gwara</translation>
    </message>
    <message>
        <source>✔ Right, on the second try.</source>
        <translation>✔ Zvakarurama, pakuedza kwechipiri.</translation>
    </message>
    <message>
        <source>Not quite. Here is a hint; choose once more.</source>
        <translation>Kwete chaizvo. Heino pfungwa inobatsira; sarudza zvakare.</translation>
    </message>
    <message>
        <source>Why “%1” is not it:</source>
        <translation>Nei “%1” isiri iyo:</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Gwara</translation>
    </message>
    <message>
        <source>This question&apos;s guide section, on a page of its own (G).</source>
        <translation>Chikamu chegwara chemubvunzo uyu, papeji racho (G).</translation>
    </message>
    <message>
        <source>◀ Back to the question</source>
        <translation>◀ Dzokera kumubvunzo</translation>
    </message>
    <message>
        <source>Back to the question, where you left it (Esc).</source>
        <translation>Dzokera kumubvunzo, pawakasiya (Esc).</translation>
    </message>
    <message>
        <source>④ Your answer</source>
        <translation>④ Mhinduro yako</translation>
    </message>
    <message>
        <source>This question has no demo: its guide section explains it.</source>
        <translation>Mubvunzo uyu hauna muratidzo: chikamu chawo chegwara ndicho chinoutsanangura.</translation>
    </message>
    <message>
        <source>Keys: Enter checks your figure, then goes on · ← → move · R runs the demo · E explores the run</source>
        <translation>Makiyi: Enter inoongorora nhamba yako, yozoenderera · ← → famba · R mhanyisa muratidzo · E ongorora kumhanya</translation>
    </message>
    <message>
        <source>✘ Not quite.</source>
        <translation>✘ Kwete chaizvo.</translation>
    </message>
    <message>
        <source>✔ Right: your run measured %1%; you said %2%.</source>
        <translation>✔ Zvakarurama: kumhanya kwako kwakayera %1%; iwe wati %2%.</translation>
    </message>
    <message>
        <source>✘ Not quite: your run measured %1%; you said %2%.</source>
        <translation>✘ Kwete chaizvo: kumhanya kwako kwakayera %1%; iwe wati %2%.</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>O&amp;ngorora</translation>
    </message>
    <message>
        <source>Your figure:</source>
        <translation>Nhamba yako:</translation>
    </message>
    <message>
        <source>Your figure, read off your run, in percent (right within %1 points):</source>
        <translation>Nhamba yako, yaverengwa pakumhanya kwako, muzana (yakarurama kana isingasiyane nepfungwa dzinopfuura %1):</translation>
    </message>
    <message>
        <source>Run the demo first (R): the figure is read off your own run.</source>
        <translation>Tanga wamhanyisa muratidzo (R): nhamba inoverengwa pakumhanya kwako pachako.</translation>
    </message>
</context>
<context>
    <name>QuizRecord</name>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <source>◀ Quizzes</source>
        <translation>◀ Bvunzo</translation>
    </message>
    <message>
        <source>Back to the list of quizzes</source>
        <translation>Dzokera kurondedzero yebvunzo</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>Tangazve</translation>
    </message>
    <message>
        <source>Clear every answer and start again</source>
        <translation>Dzima mhinduro dzose utangezve</translation>
    </message>
    <message>
        <source>Retry the wrong ones (%1)</source>
        <translation>Edzazve dzawakakanganisa (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n correct</source>
        <translation>
            <numerusform>%1 pa-%n dzakarurama</numerusform>
            <numerusform>%1 pa-%n dzakarurama</numerusform>
        </translation>
    </message>
    <message>
        <source>Every answer is right. Well done!</source>
        <translation>Mhinduro dzose dzakarurama. Waita zvakanaka!</translation>
    </message>
    <message>
        <source>Review of your mistakes</source>
        <translation>Ongororo yezvikanganiso zvako</translation>
    </message>
    <message>
        <source>Question %1</source>
        <translation>Mubvunzo %1</translation>
    </message>
    <message>
        <source>Your answer:</source>
        <translation>Mhinduro yako:</translation>
    </message>
    <message>
        <source>Right answer:</source>
        <translation>Mhinduro chaiyo:</translation>
    </message>
    <message>
        <source>Not answered yet:</source>
        <translation>Hazvisati zvapindurwa:</translation>
    </message>
    <message>
        <source>first try</source>
        <translation>kuedza kwekutanga</translation>
    </message>
    <message>
        <source>retry of the wrong ones</source>
        <translation>kuedzazve dzawakakanganisa</translation>
    </message>
    <message>
        <source>review</source>
        <translation>ongororo</translation>
    </message>
    <message>
        <source>started over</source>
        <translation>kutangazve</translation>
    </message>
    <message>
        <source>first try %1 of %2 · best %3 of %2</source>
        <translation>kuedza kwekutanga %1 pa-%2 · zvakanakisa %3 pa-%2</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Mubvunzo</translation>
    </message>
    <message>
        <source>First try</source>
        <translation>Kuedza kwekutanga</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Iye zvino</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Gwara</translation>
    </message>
    <message>
        <source>due for review</source>
        <translation>yasvika nguva yeongororo</translation>
    </message>
    <message>
        <source>What to review next</source>
        <translation>Zvekuongorora zvinotevera</translation>
    </message>
    <message>
        <source>Your attempts</source>
        <translation>Zvawakaedza</translation>
    </message>
    <message>
        <source>before history was kept</source>
        <translation>nhoroondo isati yatanga kuchengetwa</translation>
    </message>
    <message>
        <source>Attempt %1 (%2), %3: %4 of %5 right</source>
        <translation>Kuedza %1 (%2), %3: %4 pa-%5 zvakarurama</translation>
    </message>
    <message>
        <source>opened the guide before answering question %1</source>
        <translation>wakavhura gwara usati wapindura mubvunzo %1</translation>
    </message>
    <message>
        <source>Export results…</source>
        <translation>Tumira kunze mhedzisiro…</translation>
    </message>
    <message>
        <source>Save these results as a spreadsheet (CSV) or as a page to print or keep (HTML).</source>
        <translation>Chengeta mhedzisiro iyi setafura (CSV) kana sepeji rekudhinda kana kuchengeta (HTML).</translation>
    </message>
    <message>
        <source>not answered</source>
        <translation>hapana mhinduro</translation>
    </message>
    <message>
        <source>right</source>
        <translation>chokwadi</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>zvisizvo</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Nhamba</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Mhinduro yako</translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation>Mhinduro chaiyo</translation>
    </message>
    <message>
        <source>Exported from Recompute Lab on %1.</source>
        <translation>Yakatumirwa kunze kubva ku-Recompute Lab musi wa-%1.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>Hazvina kukwanisa kunyora %1: %2.</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>Tumira kunze mhedzisiro</translation>
    </message>
    <message>
        <source>Page to print or keep (*.html);;Spreadsheet (*.csv)</source>
        <translation>Peji rekudhinda kana kuchengeta (*.html);;Tafura (*.csv)</translation>
    </message>
    <message>
        <source>a figure within %1 points of the run&apos;s</source>
        <translation>nhamba isingasiyane nepfungwa dzinopfuura %1 neyakayerwa</translation>
    </message>
    <message>
        <source>a figure off the run&apos;s</source>
        <translation>nhamba iri kure neyakayerwa</translation>
    </message>
</context>
<context>
    <name>ReviewSchedule</name>
    <message numerus="yes">
        <source>Review (%n due)</source>
        <translation>
            <numerusform>Ongorora (mubvunzo %n)</numerusform>
            <numerusform>Ongorora (mibvunzo %n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Questions you answered wrongly come back after 1, 2, 4, 8 and 16 days until you get them right.</source>
        <translation>Mibvunzo yawakapindura zvisizvo inodzoka mushure memazuva 1, 2, 4, 8 ne-16 kusvikira waipindura nemazvo.</translation>
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>Search questions and guides</source>
        <translation>Tsvaga mumibvunzo nemumagwara</translation>
    </message>
    <message>
        <source>Words to find, such as: offload</source>
        <translation>Mazwi ekutsvaga, semuenzaniso: offload</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Zvawanikwa</translation>
    </message>
    <message>
        <source>Question %1 · %2</source>
        <translation>Mubvunzo %1 · %2</translation>
    </message>
    <message>
        <source>Guide: %1</source>
        <translation>Gwara: %1</translation>
    </message>
    <message>
        <source>Type a word to search every quiz and guide.</source>
        <translation>Nyora izwi kuti utsvage mubvunzo dzose nemumagwara ose.</translation>
    </message>
    <message>
        <source>No matches.</source>
        <translation>Hapana chawanikwa.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n chawanikwa</numerusform>
            <numerusform>%n zvawanikwa</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SizeSliders</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>SizeWords</name>
    <message>
        <source>layers</source>
        <translation>ma-layer</translation>
    </message>
    <message>
        <source>La&amp;yers</source>
        <translation>Ma-la&amp;yer</translation>
    </message>
    <message>
        <source>Number of layers</source>
        <translation>Huwandu hwema-layer</translation>
    </message>
    <message>
        <source>width</source>
        <translation>hupamhi</translation>
    </message>
    <message>
        <source>&amp;Width</source>
        <translation>Hu&amp;pamhi</translation>
    </message>
    <message>
        <source>Model width</source>
        <translation>Hupamhi hwemodhi</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>misoro</translation>
    </message>
    <message>
        <source>H&amp;eads</source>
        <translation>Mi&amp;soro</translation>
    </message>
    <message>
        <source>Number of attention heads</source>
        <translation>Huwandu hwemisoro ye-attention</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>hurefu hwe-sequence</translation>
    </message>
    <message>
        <source>&amp;Sequence</source>
        <translation>Se&amp;quence</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Hurefu hwe-sequence</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>batch</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>Ba&amp;tch</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Hukuru hwe-batch</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>huwandu hwemazwi</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Huwandu hwemazwi</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>Huwandu hwemazwi</translation>
    </message>
    <message>
        <source>At most %1 layers are allowed for this demo.</source>
        <translation>Ma-layer anosvika %1 chete ndiwo anobvumirwa pamuratidzo uyu.</translation>
    </message>
    <message>
        <source>The width may be at most %1 for this demo.</source>
        <translation>Hupamhi hunogona kusvika %1 chete pamuratidzo uyu.</translation>
    </message>
    <message>
        <source>At most %1 heads are allowed for this demo.</source>
        <translation>Misoro inosvika %1 chete ndiyo inobvumirwa pamuratidzo uyu.</translation>
    </message>
    <message>
        <source>The sequence length may be at most %1 for this demo.</source>
        <translation>Hurefu hwe-sequence hunogona kusvika %1 chete pamuratidzo uyu.</translation>
    </message>
    <message>
        <source>The batch may be at most %1 for this demo.</source>
        <translation>Batch rinogona kusvika %1 chete pamuratidzo uyu.</translation>
    </message>
    <message>
        <source>The vocabulary may be at most %1 for this demo.</source>
        <translation>Huwandu hwemazwi hunogona kusvika %1 chete pamuratidzo uyu.</translation>
    </message>
    <message>
        <source>Micro-ba&amp;tch</source>
        <translation>Micro-ba&amp;tch</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Beginner</source>
        <translation>Nhanho yekutanga</translation>
    </message>
    <message>
        <source>Intermediate</source>
        <translation>Nhanho yepakati</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Nhanho yepamusoro</translation>
    </message>
    <message>
        <source>Recompute Lab</source>
        <translation>Recompute Lab</translation>
    </message>
    <message>
        <source>Learn activation recomputation (gradient checkpointing) by answering questions. Each question opens a live demo that trains a small GPT-style model and measures memory and time.</source>
        <translation>Dzidza kuverengazve ma-activation (activation recomputation, gradient checkpointing) nekupindura mibvunzo. Mubvunzo wega wega unovhura muratidzo mupenyu unodzidzisa modhi diki yakaita se-GPT uchiyera ndangariro nenguva.</translation>
    </message>
    <message>
        <source>No quizzes could be loaded. See the notice above for what went wrong.</source>
        <translation>Hapana bvunzo yakwanisa kurodhwa. Ona chiziviso chiri pamusoro kuti uone zvakakanganisika.</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s)</source>
        <translation>
            <numerusform>%n mubvunzo</numerusform>
            <numerusform>%n mibvunzo</numerusform>
        </translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Hausati watanga</translation>
    </message>
    <message numerus="yes">
        <source>%n answered</source>
        <translation>
            <numerusform>%n wapindurwa</numerusform>
            <numerusform>%n yapindurwa</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n correct</source>
        <translation>
            <numerusform>%n wakarurama</numerusform>
            <numerusform>%n yakarurama</numerusform>
        </translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Tanga</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Enderera</translation>
    </message>
    <message>
        <source>Open quiz %1</source>
        <translation>Vhura bvunzo %1</translation>
    </message>
    <message>
        <source>Start over</source>
        <translation>Tangazve</translation>
    </message>
    <message>
        <source>Clear the answers of %1</source>
        <translation>Dzima mhinduro dze-%1</translation>
    </message>
    <message>
        <source>Plan your own model…</source>
        <translation>Ronga modhi yako…</translation>
    </message>
    <message>
        <source>Which recomputation policy fits your model in your GPU&apos;s memory, what it costs, and the code that does it.</source>
        <translation>Policy ipi yekuverengazve inokwana modhi yako mundangariro ye-GPU yako, mutengo wayo, nekodhi inozviita.</translation>
    </message>
    <message>
        <source>first try %1 of %2</source>
        <translation>kuedza kwekutanga %1 pa-%2</translation>
    </message>
    <message>
        <source>best %1 of %2</source>
        <translation>zvakanakisa %1 pa-%2</translation>
    </message>
    <message>
        <source>See results</source>
        <translation>Ona mhedzisiro</translation>
    </message>
    <message>
        <source>Review the questions of %1 due today</source>
        <translation>Ongorora mibvunzo ye-%1 yasvika nguva nhasi</translation>
    </message>
    <message>
        <source>%1 of %2 mastered</source>
        <translation>%1 pa-%2 zvagonwa</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Itsva</translation>
    </message>
    <message>
        <source>This quiz came with the pack you just opened.</source>
        <translation>Bvunzo iyi yauya nepakeji yawavhura izvozvi.</translation>
    </message>
</context>
<context>
    <name>StepTimeChart</name>
    <message>
        <source>Step time, ms (measured, warm-up excluded)</source>
        <translation>Nguva yedanho, ms (zvakayerwa, kunze kwekudziyisa)</translation>
    </message>
    <message>
        <source>fastest step</source>
        <translation>danho rinokurumidza kupfuura ose</translation>
    </message>
    <message>
        <source>median step</source>
        <translation>danho repakati</translation>
    </message>
    <message>
        <source>slowest step</source>
        <translation>danho rinononoka kupfuura ose</translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation>ms padanho</translation>
    </message>
    <message>
        <source>Median step time, ms (measured, warm-up excluded)</source>
        <translation>Nguva yepakati yedanho, ms (zvakayerwa, kunze kwekudziyisa)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Same as none within noise: %1</source>
        <translation>Zvakafanana ne-none mukati meruzha: %1</translation>
    </message>
</context>
<context>
    <name>SweepChart</name>
    <message>
        <source>peak activation MiB</source>
        <translation>nhongonya yema-activation, MiB</translation>
    </message>
    <message>
        <source>Peak activation memory, MiB, log-log: measured (solid), predicted (dashed)</source>
        <translation>Nhongonya yema-activation, MiB, log-log: zvakayerwa (mutsetse wakazara), zvakafungidzirwa (mutsetse wakatsemuka)</translation>
    </message>
    <message>
        <source>%1 ∝ %2^%3</source>
        <translation>%1 ∝ %2^%3</translation>
    </message>
    <message>
        <source>%1 · dotted: extrapolated, sqrt keeps less than full from ≈%2</source>
        <translation>%1 · madotsi: zvakafungidzirwa mberi kwezvakayerwa; sqrt inochengeta zvishoma pane full kubva pa-≈%2</translation>
    </message>
</context>
<context>
    <name>TimelineChart</name>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>One step of %1: activations, MiB (measured)</source>
        <translation>Danho rimwe re-%1: ma-activation, MiB (zvakayerwa)</translation>
    </message>
    <message>
        <source>One step: activations, MiB (measured)</source>
        <translation>Danho rimwe: ma-activation, MiB (zvakayerwa)</translation>
    </message>
    <message>
        <source>all memory</source>
        <translation>ndangariro yose</translation>
    </message>
    <message>
        <source>%1: activations</source>
        <translation>%1: ma-activation</translation>
    </message>
    <message>
        <source>ops of the step: forward, then recompute and backward, each run lined up phase by phase</source>
        <translation>ma-op edanho: forward pass, wozoita kuverengazve ne-backward pass; kumhanya kwega kwega kwakaenzaniswa chikamu nechikamu</translation>
    </message>
    <message>
        <source>peak (measured)</source>
        <translation>nhongonya (zvakayerwa)</translation>
    </message>
</context>
</TS>
